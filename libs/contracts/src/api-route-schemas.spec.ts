import { AdminCommentListQuerySchema, IdsRequestSchema, MarkSpamRequestSchema } from './admin-lists.js';
import { AnalyticsRangeQuerySchema } from './analytics.js';
import { apiRouteSchemas, declareRouteSchemas, routesWithSchemas } from './api-route-schemas.js';
import { api, apiRoutes } from './api-routes.js';

describe('the schemas of the declared routes', () => {
  it('pairs every declared route with the schemas it declares', () => {
    expect(routesWithSchemas().map(({ route }) => route)).toEqual(apiRoutes());
    const comments = routesWithSchemas(api.admin.comments, apiRouteSchemas.admin.comments);
    expect(comments.map(({ route, query, body }) => [route, query, body])).toEqual([
      [api.admin.comments.list, AdminCommentListQuerySchema, undefined],
      [api.admin.comments.delete, undefined, IdsRequestSchema],
      [api.admin.comments.markSpam, undefined, MarkSpamRequestSchema],
    ]);
    expect(routesWithSchemas().find(({ route }) => route === api.admin.analytics.views)).toEqual({
      route: api.admin.analytics.views,
      query: AnalyticsRangeQuerySchema,
    });
    expect(routesWithSchemas().find(({ route }) => route === api.admin.articles.byId)).toEqual({ route: api.admin.articles.byId });
  });

  // Checked by the compiler: each line below is refused, so a schema that is not the declared one never builds.
  it('refuses a schema other than the declared one, a missing one and one for a route that declares none', () => {
    const comments = api.admin.comments;
    const list = { query: AdminCommentListQuerySchema };
    expect(declareRouteSchemas(comments, { list, delete: { body: IdsRequestSchema }, markSpam: { body: MarkSpamRequestSchema } })).toBeDefined();
    // @ts-expect-error -- a schema with a field more than the declared one is still not it
    declareRouteSchemas(comments, { list, delete: { body: MarkSpamRequestSchema }, markSpam: { body: MarkSpamRequestSchema } });
    // @ts-expect-error -- nor is one with a field less
    declareRouteSchemas(comments, { list, delete: { body: IdsRequestSchema }, markSpam: { body: IdsRequestSchema } });
    // @ts-expect-error -- the body's schema given as the query's
    declareRouteSchemas(comments, { list, delete: { query: IdsRequestSchema }, markSpam: { body: MarkSpamRequestSchema } });
    // @ts-expect-error -- a route that declares a body needs its schema
    declareRouteSchemas(comments, { list, delete: { body: IdsRequestSchema } });
    // @ts-expect-error -- a route that declares no body or query has no schemas
    declareRouteSchemas(api.admin.topics, { ...apiRouteSchemas.admin.topics, listApproved: { body: IdsRequestSchema } });
  });
});
