import type { FastifyInstance, RouteOptions } from 'fastify';
import { accessOf, type RouteAccess } from '../modules/auth/route-access.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Read when asked: a plugin scope may still declare the route's access after this hook saw it. */
  readonly access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered, for checks that must cover routes added later too. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Call before the routes are registered (before app.init()). */
export function recordRoutes(fastify: FastifyInstance): void {
  fastify.decorate('registeredRoutes', []);
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      fastify.registeredRoutes.push({
        method,
        url: route.url,
        get access() {
          return accessOf(route.config);
        },
      });
    }
  });
}
