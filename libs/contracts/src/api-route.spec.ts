import { jest } from '@jest/globals';
import { callRoute, routeUrl } from './api-route.js';
import { api, apiRoutes } from './api-routes.js';

describe('routeUrl', () => {
  it('puts each parameter in its place, encoded', () => {
    expect(routeUrl(api.articles.bySlug, { params: { slug: 'a b/ü' } })).toBe('/api/articles/slug/a%20b%2F%C3%BC');
    expect(routeUrl(api.admin.articles.revision, { params: { id: 3, revisionId: 7 } })).toBe('/api/admin/articles/3/revisions/7');
  });

  it('adds the query fields that have a value, as a form encodes them, and no `?` without any', () => {
    expect(routeUrl(api.articles.listPublished, { query: { approved: 'true', category: undefined, search: 'rates & risk', cursor: 'x1' } })).toBe(
      '/api/articles?approved=true&search=rates+%26+risk&cursor=x1',
    );
    expect(routeUrl(api.articles.listPublished, { query: { category: undefined } })).toBe('/api/articles');
    expect(routeUrl(api.listTrending)).toBe('/api/trending');
  });

  it('refuses a call that leaves a parameter out, rather than asking for a wrong address', () => {
    expect(() => routeUrl(api.admin.articles.byId, {})).toThrow('GET /api/admin/articles/:id: no value for :id');
  });
});

describe('callRoute', () => {
  it('sends the address, the route method and the body, and passes other options on', async () => {
    const send = jest.fn(async () => ({ id: 1 }));
    const onResponse = () => undefined;
    await expect(callRoute(send, api.admin.articles.assign, { params: { id: 4 }, body: { assigneeId: null, version: 2 }, onResponse })).resolves.toEqual({
      id: 1,
    });
    expect(send).toHaveBeenCalledWith('/api/admin/articles/4/assignee', { onResponse, method: 'PUT', body: { assigneeId: null, version: 2 } });
  });

  it('sends no body when the call has none', async () => {
    const send = jest.fn(async () => null);
    await callRoute(send, api.admin.signOut, {});
    expect(send).toHaveBeenCalledWith('/api/admin/logout', { method: 'POST' });
  });
});

describe('apiRoutes', () => {
  it('lists every declared route, each path under /api/', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
    expect(apiRoutes().filter((route) => !route.path.startsWith('/api/'))).toEqual([]);
  });
});
