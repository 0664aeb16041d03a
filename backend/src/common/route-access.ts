import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyContextConfig } from 'fastify';

/**
 * Who may call a route. Declared on the route itself and carried in its Fastify route config, so the
 * access gate (modules/auth/access-gate.ts) and the HTTP caching (http-cache.ts) decide on the route
 * the router matched, whatever spelling of its path was sent:
 * - `admin` (the default: a route that declares nothing): a live admin session; a change also needs
 *   the session's CSRF token and must come from the site itself;
 * - `public`: anyone (reads);
 * - `public-write`: anyone, but the change must come from the site itself (a reader's comment, like,
 *   contact message, newsletter sign-up, chat message or page view), so no other site can make its
 *   visitors' browsers post in their name;
 * - `sign-in`: anyone, but a change must come from the site itself (sign-in and sign-out);
 * - `signature`: anyone; the handler authenticates the body's signature (the automation intake).
 *
 * Here in common/ rather than in the auth module: what a route declares is read by common code (the
 * caching of public answers) as well as by the access gate.
 */
export type RouteAccess = 'admin' | 'public' | 'public-write' | 'sign-in' | 'signature';

/** How an admin route's page proves a change is its own: the CSRF header, or (dashboard pages that cannot send it) its own origin. */
export type ChangeProof = 'csrf-token' | 'csrf-token-or-same-origin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    changeProof?: ChangeProof;
  }
}

/** The access a route declared; `admin` when it declared none, so a forgotten declaration fails closed. */
export function accessOf(config: { access?: RouteAccess } | undefined): RouteAccess {
  return config?.access ?? 'admin';
}

/**
 * Adds `declared` to the Fastify route config of a Nest handler (keeping config set by others). Method
 * level only, so a declaration sits next to the route it applies to.
 */
export function withRouteConfig(declared: Partial<FastifyContextConfig>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ...declared }, handler);
    return descriptor;
  };
}

/** Anyone may call this route. Every use is reviewed: the access test lists each public route. */
export const Public = () => withRouteConfig({ access: 'public' });

/**
 * A reader's change (JSON or form post alike): anyone may send it, but a browser must send it from the
 * site itself. Reviewed like @Public(): the access test lists each such route.
 */
export const PublicWrite = () => withRouteConfig({ access: 'public-write' });

/** Signing in and out: no session needed, but a change must come from the site itself. */
export const SignInRoute = () => withRouteConfig({ access: 'sign-in' });

/** No session: the handler itself checks the shared-secret signature of what was sent. */
export const SignatureAuthenticated = () => withRouteConfig({ access: 'signature' });
