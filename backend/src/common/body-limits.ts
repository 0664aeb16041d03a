import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import { accessOf } from './route-access.js';

/** Staff bodies (an article of the largest allowed size, a bulk list) and the signed automation intake. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Anything a visitor may post (a public form, a like, a chat message, a page view, a sign-in). The
 * largest is the contact form: 6,320 characters at its fields' limits, at most 3 bytes each in UTF-8
 * (a 4-byte character is two of zod's characters) and 3 more each when form-encoded, under 57 KB.
 */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;

/** RFC 8058's one-click POST, which mail programs may send as multipart/form-data: a few fields at most. */
export const MULTIPART_FORM_LIMIT_BYTES = 4096;

/** The most a route takes, from what it declared: who may call it and whether it takes a multipart form. */
export function bodyLimitOf(config: FastifyContextConfig | undefined): number {
  if (config?.multipartForm) return MULTIPART_FORM_LIMIT_BYTES;
  const access = accessOf(config);
  return access === 'admin' || access === 'signature' ? BODY_LIMIT_BYTES : PUBLIC_BODY_LIMIT_BYTES;
}

/**
 * Gives every route the body limit its declaration calls for (Fastify's own check, so a larger body is
 * a 413 before any of it is parsed: by its Content-Length, or as soon as a chunked one passes the
 * limit). Call before the routes are registered (before app.init()).
 */
export function registerBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    route.bodyLimit ??= bodyLimitOf(route.config);
  });
}
