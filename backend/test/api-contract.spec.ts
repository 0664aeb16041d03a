import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { api, apiRoutes, PAGE_FORM_ACTIONS, routeUrl, ApiRoute } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { testConfig } from './support/test-config.js';

/**
 * The API's routes that the apps do not call, so the contract does not declare them: each is reached
 * by someone else. Any other route under /api must be declared in `api`.
 */
const UNDECLARED_ROUTES = {
  /** The automation service's delivery of a written blog (signed with the shared secret, not a session). */
  automation: ['POST /api/automation/blog'],
  /** The containers' and the load balancer's health probe (infra/). */
  probes: ['GET /api/health'],
  /**
   * The public pages' forms, posted by the browser itself when the page's scripts have not run
   * (PAGE_FORM_ACTIONS, checked against this list below): the server answers with a redirect.
   */
  pageForms: [
    'POST /api/contact/form',
    'POST /api/articles/:id/comments/form',
    'POST /api/newsletter/form',
    'POST /api/interactions/form',
    'POST /api/newsletter/confirm/form',
    'POST /api/newsletter/unsubscribe/form',
    'POST /api/newsletter/erase/form',
    'POST /api/articles/:id/error-reports/form',
    'POST /api/follows/form',
    'POST /api/follows/confirm/form',
    'POST /api/follows/unsubscribe/form',
  ],
  /** The links in the newsletter's emails, and mail clients' one-click unsubscribe (RFC 8058). */
  emailLinks: ['GET /api/newsletter/confirm', 'GET /api/newsletter/unsubscribe', 'POST /api/newsletter/unsubscribe'],
  /** The links in the follows' emails and notifications, and the one-click unsubscribe (docs/follows.md). */
  followLinks: ['GET /api/follows/confirm', 'GET /api/follows/unsubscribe', 'POST /api/follows/unsubscribe'],
};
/** Bull Board's own assets and calls, under the page the contract declares (api.admin.queueDashboard). */
const QUEUE_DASHBOARD_PREFIX = `${api.admin.queueDashboard.path}/`;

/**
 * The apps call the API only through the routes declared in the contract (`api` of @ai-mind/contracts):
 * each one must be a route of the API with the same method and path (parameter names included), so
 * a route renamed or moved on one side fails here rather than in a browser. And each route of the API
 * is declared there, or listed above as one the apps do not call: a new route is one or the other.
 */
describe('the API contract', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
  });
  afterAll(() => app.close());

  /** Every route of the running app as `METHOD /path/:param`. */
  function backendRoutes(): Set<string> {
    return new Set(
      app
        .getHttpAdapter()
        .getInstance()
        .registeredRoutes.map((route) => `${route.method} ${route.url}`),
    );
  }

  it('finds the declared routes', () => {
    const declared = apiRoutes().map((route) => `${route.method} ${route.path}`);
    expect(declared).toEqual(
      expect.arrayContaining(['GET /api/articles', 'GET /api/admin/articles/:id/revisions/:revisionId', 'POST /api/admin/articles/:id/schedule']),
    );
    expect(apiRoutes()).toContain(api.admin.newsletter.sendDigestNow);
  });

  it('declares every route of the API, or lists it as one the apps do not call', () => {
    const declared = new Set(apiRoutes().map((route) => `${route.method} ${route.path}`));
    const listed = new Set(Object.values(UNDECLARED_ROUTES).flat());
    const registered = [...backendRoutes()];
    const undeclared = registered.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      if (!path.startsWith('/api/') || path.startsWith(QUEUE_DASHBOARD_PREFIX)) return false;
      // Fastify answers HEAD for every GET route by itself.
      if (method === 'HEAD' && registered.includes(`GET ${path}`)) return false;
      return !declared.has(route) && !listed.has(route);
    });
    expect(undeclared).toEqual([]);
    // A listed route that is gone, or that the contract declares after all, leaves the list.
    expect([...listed].filter((route) => !registered.includes(route) || declared.has(route))).toEqual([]);
  });

  it("lists each public page's form route, and only those, as the forms' actions", () => {
    const articleId = 7;
    const actions = Object.values(PAGE_FORM_ACTIONS).map((action) => (typeof action === 'function' ? action(articleId) : action));
    const listed = UNDECLARED_ROUTES.pageForms.map((route) => {
      const [method, path] = route.split(' ') as ['POST', string];
      return routeUrl(new ApiRoute(method, path), { params: { id: articleId } });
    });
    expect([...actions].sort()).toEqual([...listed].sort());
  });

  it('declares no route twice', () => {
    const declared = apiRoutes().map((route) => `${route.method} ${route.path}`);
    expect(declared.filter((route, index) => declared.indexOf(route) !== index)).toEqual([]);
  });

  it('has every declared route in the API, with the same method and path', () => {
    const routes = backendRoutes();
    const missing = apiRoutes()
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !routes.has(route));
    expect(missing).toEqual([]);
  });

  // The router matches a path whatever its parameters are named; the check above compares the names too.
  it('finds each declared route in the Fastify router', () => {
    const fastify = app.getHttpAdapter().getInstance();
    for (const route of apiRoutes()) {
      expect({ route: `${route.method} ${route.path}`, found: fastify.hasRoute({ method: route.method, url: route.path }) }).toEqual({
        route: `${route.method} ${route.path}`,
        found: true,
      });
    }
  });
});
