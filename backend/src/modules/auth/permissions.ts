import { ADMIN_ROLES, PERMISSIONS, ROLE_PERMISSIONS, type AdminRole, type Permission } from '@ai-mind/contracts';
import { withRouteConfig } from '../../common/route-access.js';

/**
 * What an admin route lets its caller do. Each admin route declares the one permission it needs next
 * to its access (`@RequirePermission`); an admin route that declares none is owner-only, so a
 * forgotten declaration fails closed. Roles map to permissions in the contract's ROLE_PERMISSIONS, the
 * one table (the panel reads it too, from `GET /api/admin/check`).
 */
export { PERMISSIONS, ROLE_PERMISSIONS, type Permission };

export const ROLES = ADMIN_ROLES;
export type Role = AdminRole;

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

/** The permission an admin route declared, or `owner-only` when it declared none. */
export function permissionOf(config: { permission?: Permission } | undefined): Permission | 'owner-only' {
  return config?.permission ?? 'owner-only';
}

/**
 * Declares the permission an admin route needs, in its Fastify route config next to its access, so
 * the access gate decides on the route the router matched. Method level only.
 */
export function RequirePermission(permission: Permission): MethodDecorator {
  return withRouteConfig({ permission });
}
