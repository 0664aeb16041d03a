/**
 * The contracts a page in the browser needs, without zod: constants, helpers, query keys and types.
 * A bundle that imports the main entry gets every schema and zod with it (about 25 KB gzip); the
 * public site imports this one. The schemas stay in the main entry, for the backend and the admin app.
 */
export * from './public-api-routes.js';
export { ApiRoute, callRoute, routeUrl, type ApiMethod, type RouteAnswer, type RouteCall, type RouteQuery, type SendRequest } from './api-route.js';
export * from './article-label.js';
export * from './articles.constants.js';
export * from './categories.js';
export * from './chat.constants.js';
export * from './claim-notes.js';
export * from './contact.constants.js';
export * from './engagement.constants.js';
export * from './follows.constants.js';
export * from './images.js';
export * from './newsletter.constants.js';
export * from './newsroom-pages.js';
export * from './newsroom.js';
export * from './page-data.js';
export * from './page-forms.js';
export * from './public-record.constants.js';
export * from './public-routes.js';
export * from './query-keys.js';
export * from './seo.js';
export * from './text.js';
export * from './trending.constants.js';
export * from './traffic-source.js';
export type * from './admin.js';
export type * from './articles.js';
export type * from './chat.js';
export type * from './claim-citations.js';
export type * from './contact.js';
export type * from './disclosure.js';
export type * from './engagement.js';
export type * from './follows.js';
export type * from './errors.js';
export type * from './newsletter.js';
export type * from './provenance.js';
export type * from './public-record.js';
export type * from './public-site-server.js';
export type * from './trending.js';
export * from './story-meta.js';
export type * from './stories.js';
