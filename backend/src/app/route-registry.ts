import type { FastifyInstance, RouteOptions } from 'fastify';
import { type Permission, permissionOf } from '../modules/auth/index.js';
import { accessOf, type RouteAccess } from '../common/route-access.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Read when asked: a plugin scope may still declare the route's access after this hook saw it. */
  readonly access: RouteAccess;
  /** What an admin route needs of its caller's role (read when asked, like `access`). */
  readonly permission: Permission | 'owner-only';
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
        get permission() {
          return permissionOf(route.config);
        },
      });
    }
  });
}
