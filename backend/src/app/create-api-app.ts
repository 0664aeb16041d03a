import fastifyCookie from '@fastify/cookie';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AppConfig } from '../config/app-config.js';
import { BODY_LIMIT_BYTES, registerBodyLimits } from '../common/body-limits.js';
import { CacheableRoutes, registerPreparedResponses } from '../common/cacheable.js';
import { HttpExceptionFilter } from '../common/http-exception.filter.js';
import { configureSharedCache, registerHttpCaching } from '../common/http-cache.js';
import { registerMultipartForms } from '../common/multipart-form.js';
import { registerSecurityHeaders, securityHeaders } from '../common/security-headers.js';
import { FormFlashService } from '../common/page-form.js';
import { PreparedResponseCache, preparedAnswers } from '../common/prepared-response-cache.js';
import { FEED_ROOT_PATHS, publicPageRenderer, PagesService } from '../modules/pages/index.js';
import { registerMedia, registerWebAssets } from '../modules/web/index.js';
import { AuditLogWriter, QUEUE_DASHBOARD_PATH, registerQueueDashboard } from '../modules/admin/index.js';
import { AdminAccessService, registerAccessGate, registerWithRouteConfig } from '../modules/auth/index.js';
import { FediverseFederation, InboxGate, registerFediverse } from '../modules/fediverse/index.js';
import { ApiModule } from './api.module.js';
import { recordRoutes } from './route-registry.js';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The caller's x-request-id when it is sane (a proxy's trace id), else a new one. */
function requestId(req: { headers: IncomingHttpHeaders }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The HTTP server, made as Fastify makes its own (same timeouts), whose request handler answers
 * prepared public reads itself and hands every other request to Fastify's `handler`. A request must
 * arrive whole within REQUEST_TIMEOUT_MS: a body trickled a byte at a time would otherwise hold its
 * socket (and its share of the server) for ever. Node checks the connections for it at an interval,
 * so the interval is a fraction of the limit.
 */
function serverWithPreparedAnswers(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  options: FastifyServerOptions,
  config: AppConfig,
  state: { cache?: PreparedResponseCache; shuttingDown: () => boolean },
): Server {
  const requestTimeout = options.requestTimeout ?? config.server.requestTimeoutMs;
  const server: Server = createServer(
    { requestTimeout, headersTimeout: Math.min(60_000, requestTimeout), connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeout / 4)) },
    preparedAnswers(
      () => state.cache,
      securityHeaders(config, QUEUE_DASHBOARD_PATH),
      requestId,
      () => state.shuttingDown() || !server.listening,
      handler,
    ),
  );
  server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
  server.setTimeout(options.connectionTimeout ?? 0);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}

/** Builds the API application (routes under /api, plus the built frontends when configured). */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  // Filled in once the app exists: until then every request goes to Fastify.
  const prepared: { cache?: PreparedResponseCache; shuttingDown: () => boolean } = { shuttingDown: () => false };
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: config.server.requestTimeoutMs,
    trustProxy: config.server.trustProxy,
    genReqId: requestId,
    // `//api/admin/x` reaches the route `/api/admin/x` (and its access rules) rather than the site's pages.
    routerOptions: { ignoreDuplicateSlashes: true },
    // A prepared public answer is the whole of its request's work, before Fastify routes it.
    serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions) =>
      serverWithPreparedAnswers(handler, options, config, prepared),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    ApiModule.forRoot(config),
    adapter,
    // The raw body is kept for the automation intake, whose signature covers the exact bytes sent.
    { bufferLogs: true, rawBody: true },
  );
  const logger = app.get(Logger);
  app.useLogger(logger);
  // The sitemap, the feed and robots.txt live at the site root, where crawlers look for them.
  app.setGlobalPrefix('api', { exclude: FEED_ROOT_PATHS.map((path) => ({ path, method: RequestMethod.GET })) });
  app.useGlobalFilters(new HttpExceptionFilter());
  // Whatever a route declared @Cacheable gets (its headers, keys and prepared answers), made in one place.
  app.useGlobalInterceptors(new CacheableRoutes((token) => app.get(token, { strict: false })));
  const fastify = app.getHttpAdapter().getInstance();
  const preparedResponses = app.get(PreparedResponseCache);
  prepared.cache = preparedResponses;
  // Where every route declaring prepared answers keeps them (applyCacheable), Nest handlers and the pages alike.
  registerPreparedResponses(fastify, preparedResponses);
  prepared.shuttingDown = () => Boolean((adapter as unknown as { isShuttingDown?: boolean }).isShuttingDown);
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerSecurityHeaders(fastify, config, QUEUE_DASHBOARD_PATH);
  configureSharedCache(config.httpCache);
  registerHttpCaching(fastify);
  registerMultipartForms(fastify);
  // A body larger than its route takes is a 413 before it is parsed: a visitor's post is far smaller than staff's.
  registerBodyLimits(fastify);
  recordRoutes(fastify);
  await app.register(fastifyCookie);
  // Every route, whoever registers it, is an admin route unless it declares otherwise.
  registerAccessGate(fastify, app.get(AdminAccessService), app.get(AuditLogWriter));
  // Only the admin app's own origins may call with credentials from another origin.
  if (config.server.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.server.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['content-type', 'x-csrf-token', 'x-request-id'],
      maxAge: 600,
    });
  }
  // Media and the built frontends are public files and pages; the admin app's pages hold no data. Each
  // answer says its own Cache-Control (a bundle's is not a page's, nor an admin page's). No file is kept
  // as a prepared answer; the pages' route declares its own (web-assets.ts).
  const filesAndPages = { access: 'public', cacheable: {} } as const;
  await registerWithRouteConfig(fastify, filesAndPages, (scope) => registerMedia(scope, config));
  await registerQueueDashboard(app);
  // The site's ActivityPub actor, its inbox, and each article's object at its page's address (docs/fediverse.md).
  if (config.fediverse.enabled) await registerFediverse(fastify, app.get(FediverseFederation), app.get(InboxGate));
  if (config.web.enabled) {
    await registerWithRouteConfig(fastify, filesAndPages, (scope) =>
      registerWebAssets(scope, config, (message) => logger.warn(message), publicPageRenderer(app.get(PagesService), app.get(FormFlashService))),
    );
  }
  await app.init();
  return app;
}
