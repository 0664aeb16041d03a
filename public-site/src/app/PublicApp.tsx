import { Suspense } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { SiteLayout } from './SiteLayout';

const home = lazyPage(() => import('../pages/HomePage').then((m) => m.HomePage));
const article = lazyPage(() => import('../pages/ArticlePage').then((m) => m.ArticlePage));
const category = lazyPage(() => import('../pages/CategoryPage').then((m) => m.CategoryPage));
const inspiring = lazyPage(() => import('../pages/InspiringPage').then((m) => m.InspiringPage));
const about = lazyPage(() => import('../pages/AboutPage').then((m) => m.AboutPage));
const contact = lazyPage(() => import('../pages/ContactPage').then((m) => m.ContactPage));
const privacy = lazyPage(() => import('../pages/PrivacyPage').then((m) => m.PrivacyPage));
const terms = lazyPage(() => import('../pages/TermsPage').then((m) => m.TermsPage));
const notFound = lazyPage(() => import('../pages/NotFoundPage').then((m) => m.NotFoundPage));

/** Every public route (spec section 2), each page in a chunk of its own. */
const ROUTES = [
  { index: true, page: home },
  { path: 'article/:slug', page: article },
  { path: ':category/article/:slug', page: article },
  { path: 'category', page: category },
  { path: 'category/:category', page: category },
  { path: 'inspiring', page: inspiring },
  { path: 'about', page: about },
  { path: 'contact', page: contact },
  { path: 'privacy', page: privacy },
  { path: 'terms', page: terms },
  { path: '*', page: notFound },
];

/** Fetches the code of the page at `pathname`; the shell and the standalone boot await it before rendering. */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(ROUTES, pathname)?.at(-1)?.route as (typeof ROUTES)[number] | undefined;
  return (match?.page ?? notFound).preload();
}

/** Every public route. Mounted by the shell, or by bootstrap.tsx on its own. */
export default function PublicApp() {
  return (
    <SiteLayout>
      {/* Shown while a page reached by navigation fetches its code; it keeps the footer below the fold. */}
      <Suspense fallback={<div role="status" aria-label="Loading page" style={{ minHeight: '100vh' }} />}>
        <Routes>
          {ROUTES.map(({ page, path, index }) =>
            index ? <Route key="index" index element={<page.Page />} /> : <Route key={path} path={path} element={<page.Page />} />,
          )}
        </Routes>
      </Suspense>
    </SiteLayout>
  );
}
