import { Anchor, Box, Burger, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NEWSROOM_PAGES } from '@ai-mind/contracts/web';
import { HydrateWhenIdle } from '../components/HydrateWhenIdle';
import { AdsScriptLoader } from '../features/ads/components/AdsScriptLoader';
import { PageViewTracker } from '../features/analytics/components/PageViewTracker';
import { CookieBanner } from '../features/consent/components/CookieBanner';
import { ConsentProvider } from '../features/consent/hooks/consent-context';
import { HeaderSearch } from '../features/layout/components/HeaderSearch';
import { NewsletterBox } from '../features/layout/components/NewsletterBox';
import './mantine-styles.css';
import './site-layout.css';

/** Header navigation of docs/product.md#pages. */
export const HEADER_LINKS = [
  { to: '/category/Technology', label: 'Technology' },
  { to: '/category/Global Events', label: 'Global Events' },
  { to: '/category/Human Achievements', label: 'Human Achievements' },
  { to: '/category/AI Product Reviews', label: 'AI Product Reviews' },
  { to: '/about', label: 'About' },
];

/** The small-screen drawer lists the header links plus the policies. */
export const DRAWER_LINKS = [...HEADER_LINKS, { to: '/privacy', label: 'Privacy' }, { to: '/terms', label: 'Terms' }];

/** Footer links of docs/product.md#pages. */
export const FOOTER_LINKS = [
  { to: '/category/ai-insights', label: 'AI Insights' },
  { to: '/category/tech-analysis', label: 'Tech Analysis' },
  { to: '/category/business-intelligence', label: 'Business Intelligence' },
  { to: '/category/future-predictions', label: 'Future Predictions' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  // The newsroom's promises (NEWSROOM_PAGES): how the site works, and who answers for it.
  { to: NEWSROOM_PAGES.publishingPrinciples, label: 'Publishing principles' },
  { to: NEWSROOM_PAGES.correctionsPolicy, label: 'Corrections policy' },
  { to: NEWSROOM_PAGES.ethicsPolicy, label: 'Ethics and AI' },
  { to: NEWSROOM_PAGES.masthead, label: 'Masthead' },
  { to: NEWSROOM_PAGES.ownershipFunding, label: 'Ownership and funding' },
];

const NavigationDrawer = lazy(() => import('./NavigationDrawer'));

function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function SiteLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, drawer] = useDisclosure(false);
  // The drawer's code is fetched on the first press of the burger, then kept for its closing animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const toggleDrawer = () => {
    setDrawerUsed(true);
    drawer.toggle();
  };

  return (
    <ConsentProvider>
      {/*
        A fixed header over the main column, drawn by site-layout.css rather than Mantine's AppShell,
        whose script (and the scroll lock it imports) every page would load for that alone. The
        header's class is the one the drawer's scroll lock shifts, as it shifts AppShell's.
      */}
      <div className="site-shell">
        <ScrollToTopOnRouteChange />
        <PageViewTracker />
        <AdsScriptLoader />
        <header className="site-header right-scroll-bar-position">
          <Box className="site-container" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap">
                <Burger className="site-burger" opened={drawerOpen} onClick={toggleDrawer} hiddenFrom="md" size="sm" aria-label="Open navigation" />
                <Anchor component={Link} to="/" fw={800} size="xl" c="indigo.8" underline="never" aria-label="The AI Mind, home">
                  The AI Mind
                </Anchor>
              </Group>
              <Group gap="md" visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
                {HEADER_LINKS.map((link) => (
                  <Anchor key={link.to} component={Link} to={encodeURI(link.to)} c="dark" size="sm" fw={500}>
                    {link.label}
                  </Anchor>
                ))}
              </Group>
              <HeaderSearch />
            </Group>
          </Box>
        </header>
        {drawerUsed && (
          <Suspense fallback={null}>
            <NavigationDrawer opened={drawerOpen} onClose={drawer.close} links={DRAWER_LINKS} />
          </Suspense>
        )}
        <main className="site-main">
          <Box className="site-container" py="md" id="main">
            {children}
          </Box>
          {/* Server-rendered with the page (a reader without JavaScript navigates from it too); hydrated once the browser is idle. */}
          <Suspense fallback={null}>
            <HydrateWhenIdle>
              <Box className="site-container" component="footer" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
                  <Stack gap="sm">
                    {/* The drawer needs JavaScript: without it, the header's sections are listed here for small screens. */}
                    <noscript>
                      <nav className="site-sections-fallback" aria-label="Sections">
                        {HEADER_LINKS.filter((link) => !FOOTER_LINKS.some((footer) => footer.to === link.to)).map((link) => (
                          <a key={link.to} href={encodeURI(link.to)}>
                            {link.label}
                          </a>
                        ))}
                      </nav>
                    </noscript>
                    <Group gap="md" component="nav" aria-label="Footer">
                      {FOOTER_LINKS.map((link) => (
                        <Anchor key={link.to} component={Link} to={link.to} c="gray.8" size="sm">
                          {link.label}
                        </Anchor>
                      ))}
                    </Group>
                    <Text size="sm" c="gray.7">
                      AI-written analysis of the news, reviewed by human editors before it is published.
                    </Text>
                    <Text size="xs" c="gray.7">
                      © 2024 The AI Mind. All rights reserved.
                    </Text>
                  </Stack>
                  <NewsletterBox />
                </SimpleGrid>
              </Box>
            </HydrateWhenIdle>
          </Suspense>
        </main>
        <CookieBanner />
      </div>
    </ConsentProvider>
  );
}
