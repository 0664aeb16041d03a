import { Suspense } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { PUBLIC_ROUTES, type PublicPageId, type PublicRoute } from '@ai-mind/contracts/web';
import { lazyPage, type LazyPage } from './lazy-page';
import { SiteLayout } from './SiteLayout';

/**
 * Each page of the route table (libs/contracts public-routes.ts), in a chunk of its own, named
 * page-<id> so the server can list the opening page's chunk for the entry loader to fetch early; the
 * build keeps each such chunk whole (wholeChunks in rsbuild.config.ts), so it is all the page needs.
 */
const PAGES: Record<PublicPageId, LazyPage> = {
  home: lazyPage(() => import(/* webpackChunkName: "page-home" */ '../pages/HomePage').then((m) => m.HomePage)),
  article: lazyPage(() => import(/* webpackChunkName: "page-article" */ '../pages/ArticlePage').then((m) => m.ArticlePage)),
  category: lazyPage(() => import(/* webpackChunkName: "page-category" */ '../pages/CategoryPage').then((m) => m.CategoryPage)),
  corrections: lazyPage(() => import(/* webpackChunkName: "page-corrections" */ '../pages/CorrectionsPage').then((m) => m.CorrectionsPage)),
  inspiring: lazyPage(() => import(/* webpackChunkName: "page-inspiring" */ '../pages/InspiringPage').then((m) => m.InspiringPage)),
  about: lazyPage(() => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage').then((m) => m.AboutPage)),
  contact: lazyPage(() => import(/* webpackChunkName: "page-contact" */ '../pages/ContactPage').then((m) => m.ContactPage)),
  privacy: lazyPage(() => import(/* webpackChunkName: "page-privacy" */ '../pages/PrivacyPage').then((m) => m.PrivacyPage)),
  terms: lazyPage(() => import(/* webpackChunkName: "page-terms" */ '../pages/TermsPage').then((m) => m.TermsPage)),
  newsletter: lazyPage(() => import(/* webpackChunkName: "page-newsletter" */ '../pages/NewsletterPage').then((m) => m.NewsletterPage)),
  newsroom: lazyPage(() => import(/* webpackChunkName: "page-newsroom" */ '../pages/NewsroomPage').then((m) => m.NewsroomPage)),
  follow: lazyPage(() => import(/* webpackChunkName: "page-follow" */ '../pages/FollowPage').then((m) => m.FollowPage)),
  story: lazyPage(() => import(/* webpackChunkName: "page-story" */ '../pages/StoryPage').then((m) => m.StoryPage)),
  notFound: lazyPage(() => import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage').then((m) => m.NotFoundPage)),
};

/** The route of the table that `pathname` opens, and its parameters (the catch-all when nothing else matches). */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Record<string, string | undefined> } {
  const match = matchRoutes(PUBLIC_ROUTES as PublicRoute[], pathname)?.at(-1);
  return match ? { route: match.route, params: match.params } : { route: PUBLIC_ROUTES.at(-1)!, params: {} };
}

/** Fetches the code of the page at `pathname`; the shell, the standalone boot and the server await it before rendering. */
export function preloadPage(pathname: string): Promise<void> {
  return PAGES[matchPublicRoute(pathname).route.page].preload();
}

/** Every public route. Mounted by the shell, by bootstrap.tsx on its own, and by server.tsx. */
export default function PublicApp() {
  return (
    <SiteLayout>
      {/* Shown while a page reached by navigation fetches its code; it keeps the footer below the fold. */}
      <Suspense fallback={<div role="status" aria-label="Loading page" style={{ minHeight: '100vh' }} />}>
        <Routes>
          {PUBLIC_ROUTES.map(({ path, page }) => {
            const { Page } = PAGES[page];
            return <Route key={path} path={path} element={<Page />} />;
          })}
        </Routes>
      </Suspense>
    </SiteLayout>
  );
}
