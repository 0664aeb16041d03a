import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { api, apiRoutes } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { testConfig } from './support/test-config.js';

/**
 * The apps call the API only through the routes declared in the contract (`api` of @ai-mind/contracts):
 * each one must be a route of the API with the same method and path (parameter names included), so
 * a route renamed or moved on one side fails here rather than in a browser.
 */
describe('the API contract', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
  });
  afterAll(() => app.close());

  /** Every route of the running app as `METHOD /path/:param`. */
  function backendRoutes(): Set<string> {
    return new Set(app.getHttpAdapter().getInstance().registeredRoutes.map((route) => `${route.method} ${route.url}`));
  }

  it('finds the declared routes', () => {
    const declared = apiRoutes().map((route) => `${route.method} ${route.path}`);
    expect(declared).toEqual(expect.arrayContaining(['GET /api/articles', 'GET /api/admin/articles/:id/revisions/:revisionId', 'POST /api/admin/articles/:id/schedule']));
    expect(apiRoutes()).toContain(api.admin.newsletter.sendNow);
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
