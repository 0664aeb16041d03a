import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Permission } from './permissions.js';

/**
 * Who may call a route. Declared on the route itself and carried in its Fastify route config, so the
 * access gate decides on the route the router matched, whatever spelling of its path was sent:
 * - `admin` (the default: a route that declares nothing): a live admin session; a change also needs
 *   the session's CSRF token and must come from the site itself;
 * - `public`: anyone (reads);
 * - `public-write`: anyone, but the change must come from the site itself (a reader's comment, like,
 *   contact message, newsletter sign-up, chat message or page view), so no other site can make its
 *   visitors' browsers post in their name;
 * - `sign-in`: anyone, but a change must come from the site itself (sign-in and sign-out);
 * - `signature`: anyone; the handler authenticates the body's signature (the automation intake).
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

export const SESSION_COOKIE = 'ai_mind_admin';
/** Marks a browser that signed in before, for the sign-in rate (LoginThrottleService); sent to the login route only. */
export const DEVICE_COOKIE = 'ai_mind_device';
export const CSRF_HEADER = 'x-csrf-token';

/** The access a route declared; `admin` when it declared none, so a forgotten declaration fails closed. */
export function accessOf(config: { access?: RouteAccess } | undefined): RouteAccess {
  return config?.access ?? 'admin';
}

/**
 * Adds `access` to the Fastify route config of a Nest handler (keeping config set by others). Method
 * level only, so the declaration sits next to the route it opens.
 */
function routeAccess(access: RouteAccess): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, access }, handler);
    return descriptor;
  };
}

/** Anyone may call this route. Every use is reviewed: the access test lists each public route. */
export const Public = () => routeAccess('public');

/**
 * A reader's change (JSON or form post alike): anyone may send it, but a browser must send it from the
 * site itself. Reviewed like @Public(): the access test lists each such route.
 */
export const PublicWrite = () => routeAccess('public-write');

/** Signing in and out: no session needed, but a change must come from the site itself. */
export const SignInRoute = () => routeAccess('sign-in');

/** No session: the handler itself checks the shared-secret signature of what was sent. */
export const SignatureAuthenticated = () => routeAccess('signature');

/**
 * Declares every route that `register` adds to this Fastify scope (plugins such as the static file
 * servers) with `config`, unless a route declares its own access.
 */
export async function registerWithRouteConfig(
  fastify: FastifyInstance,
  config: { access?: RouteAccess; changeProof?: ChangeProof; permission?: Permission },
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...config, ...route.config };
    });
    await register(scope);
  });
}
