import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
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
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) fastify.registeredRoutes.push({ method, url: route.url });
  });
}
