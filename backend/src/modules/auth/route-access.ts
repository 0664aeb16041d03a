import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';

export const SESSION_COOKIE = 'ai_mind_admin';
/** Marks a browser that signed in before, for the sign-in rate (LoginThrottleService); sent to the login route only. */
export const DEVICE_COOKIE = 'ai_mind_device';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Declares every route that `register` adds to this Fastify scope (plugins such as the static file
 * servers) with `config` (its access, and whether its answers may be cached: `cacheable`), unless a
 * route declares its own.
 */
export async function registerWithRouteConfig(
  fastify: FastifyInstance,
  config: FastifyContextConfig,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...config, ...route.config };
    });
    await register(scope);
  });
}
