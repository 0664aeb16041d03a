import { isAdminPath, PUBLIC_ROUTES, publicRouteStatus } from './public-routes.js';
import { NEWSROOM_PAGES } from './newsroom-pages.js';
import { STATIC_PAGES } from './seo.js';

describe('the public route table', () => {
  it('has the spec’s routes, each static page among them, and ends with the catch-all 404 page', () => {
    expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual([
      '/',
      '/article/:slug',
      '/:category/article/:slug',
      '/category',
      '/category/:category',
      '/corrections',
      '/story/:slug',
      '/inspiring',
      '/about',
      ...Object.values(NEWSROOM_PAGES).filter((path) => !path.includes('#')),
      '/contact',
      '/privacy',
      '/terms',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
      '/follow/confirm',
      '/follow/unsubscribe',
      '*',
    ]);
    for (const path of Object.keys(STATIC_PAGES)) expect(PUBLIC_ROUTES.some((route) => route.path === path)).toBe(true);
    expect(PUBLIC_ROUTES.at(-1)).toMatchObject({ path: '*', page: 'notFound', status: 'notFound' });
  });

  it('maps a route and whether its item exists to the status the server answers', () => {
    const route = (path: string) => PUBLIC_ROUTES.find((r) => r.path === path)!;
    expect(publicRouteStatus(route('/'), true)).toBe(200);
    expect(publicRouteStatus(route('/article/:slug'), true)).toBe(200);
    expect(publicRouteStatus(route('/article/:slug'), false)).toBe(404);
    expect(publicRouteStatus(route('/category'), true)).toBe(404);
    expect(publicRouteStatus(route('/category/:category'), true)).toBe(200);
    // A category nobody publishes in or links to, and a list start that names nothing, are not pages.
    expect(publicRouteStatus(route('/category/:category'), false)).toBe(404);
    expect(publicRouteStatus(route('/'), false)).toBe(404);
    expect(publicRouteStatus(route('/story/:slug'), true)).toBe(200);
    expect(publicRouteStatus(route('/story/:slug'), false)).toBe(404);
    expect(publicRouteStatus(route('*'), true)).toBe(404);
  });

  it('leaves the admin app’s paths out', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/articles')).toBe(true);
    expect(isAdminPath('/administration')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
  });
});
