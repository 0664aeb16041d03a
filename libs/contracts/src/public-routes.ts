import { NEWSROOM_TEXTS } from './newsroom.js';

/**
 * The public site's one route table (docs/product.md#pages): the client's router, the server's renderer and
 * the server's status codes all read it, so a new public page is one line here. Patterns use the
 * router's syntax (`:param`, `*`); order matters only for readability, the router ranks them.
 */

/** Every page of the public site, each a component (and a chunk) of its own in public-site. */
export type PublicPageId =
  | 'home'
  | 'article'
  | 'category'
  | 'corrections'
  | 'inspiring'
  | 'about'
  | 'contact'
  | 'privacy'
  | 'terms'
  | 'newsletter'
  | 'newsroom'
  | 'follow'
  | 'story'
  | 'notFound';

/** The data a page shows, fetched before a server render by the same loaders the client uses. */
export type PublicPageData = 'articleList' | 'article' | 'corrections' | 'newsroom' | 'story';

export interface PublicRoute {
  /** A router path pattern, absolute. */
  path: string;
  page: PublicPageId;
  /** What the page reads before it can render its content (none for static pages). */
  data?: PublicPageData;
  /**
   * How the server answers: 'ok' is 200; 'notFound' is always 404; 'notFoundWhenMissing' is 404
   * when the page's item (the article, the category) does not exist, as the page then says so.
   */
  status: 'ok' | 'notFound' | 'notFoundWhenMissing';
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  // A list page whose ?cursor= names nothing in its list is not a page.
  { path: '/', page: 'home', data: 'articleList', status: 'notFoundWhenMissing' },
  { path: '/article/:slug', page: 'article', data: 'article', status: 'notFoundWhenMissing' },
  { path: '/:category/article/:slug', page: 'article', data: 'article', status: 'notFoundWhenMissing' },
  // Without a category the page says 'Category not found'.
  { path: '/category', page: 'category', status: 'notFound' },
  // A category exists when the site links to it or a published article has it; any other says 'Category not found'.
  { path: '/category/:category', page: 'category', data: 'articleList', status: 'notFoundWhenMissing' },
  // Every correction and update note of the published articles, newest first.
  { path: '/corrections', page: 'corrections', data: 'corrections', status: 'ok' },
  // A story's timeline (docs/stories.md): its articles, their notes and what changed, the reports that arrived.
  { path: '/story/:slug', page: 'story', data: 'story', status: 'notFoundWhenMissing' },
  { path: '/inspiring', page: 'inspiring', status: 'ok' },
  { path: '/about', page: 'about', status: 'ok' },
  // The newsroom's promises (NEWSROOM_PAGES): the owner's texts, and the masthead's people.
  ...Object.values(NEWSROOM_TEXTS).map(({ path }): PublicRoute => ({ path, page: 'newsroom', data: 'newsroom', status: 'ok' })),
  { path: '/contact', page: 'contact', status: 'ok' },
  { path: '/privacy', page: 'privacy', status: 'ok' },
  { path: '/terms', page: 'terms', status: 'ok' },
  // Reached from an email's link through the API, with its checked token in the form outcome (?posted=).
  { path: '/newsletter/confirm', page: 'newsletter', status: 'ok' },
  { path: '/newsletter/unsubscribe', page: 'newsletter', status: 'ok' },
  // A follow email's links and a notification's unsubscribe link, the same way (FOLLOW_PAGES).
  { path: '/follow/confirm', page: 'follow', status: 'ok' },
  { path: '/follow/unsubscribe', page: 'follow', status: 'ok' },
  { path: '*', page: 'notFound', status: 'notFound' },
];

/** The admin app's paths: not public pages, never server-rendered. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The HTTP status of a public route, given whether its item was found (ignored by routes without one). */
export function publicRouteStatus(route: Pick<PublicRoute, 'status'>, itemFound: boolean): 200 | 404 {
  if (route.status === 'notFound') return 404;
  if (route.status === 'notFoundWhenMissing' && !itemFound) return 404;
  return 200;
}
