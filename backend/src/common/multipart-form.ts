import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyInstance } from 'fastify';
import { MULTIPART_FORM_LIMIT_BYTES } from './body-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a small `multipart/form-data` body (read as text); every other route refuses one with 415. */
    multipartForm?: boolean;
  }
}

class UnsupportedMediaType extends Error {
  readonly statusCode = 415;
  readonly code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
}

/**
 * Accepts `multipart/form-data` only on the routes that declare it (`@AcceptsMultipartForm()`), decided
 * on the route the router matched; their handlers read nothing from it (the URL carries the proof).
 */
export function registerMultipartForms(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: MULTIPART_FORM_LIMIT_BYTES }, (request, body, done) => {
    if (request.routeOptions.config?.multipartForm !== true) return done(new UnsupportedMediaType(`Unsupported Media Type: multipart/form-data`), undefined);
    done(null, body);
  });
}

/** Declares that the route takes a small multipart/form-data body. Method level only. */
export function AcceptsMultipartForm(): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, multipartForm: true }, handler);
    return descriptor;
  };
}
