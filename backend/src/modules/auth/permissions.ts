import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/**
 * What an admin route lets its caller do. Each admin route declares the one permission it needs next
 * to its access (`@RequirePermission`); an admin route that declares none is owner-only, so a
 * forgotten declaration fails closed. Roles map to permissions in `ROLE_PERMISSIONS`, the one table.
 */
export const PERMISSIONS = [
  /** Sign in, read one's own account and the dashboard's frame. */
  'panel.use',
  /** Read the trending topics. */
  'trending.read',
  /** Refresh the trending topics, approve or decline a topic, run the blog workflow. */
  'trending.manage',
  /** Create drafts, edit one's own drafts and drafts assigned to one, submit them for review. */
  'articles.draft',
  /** Edit any article, review (request changes, mark ready), assign, publish, schedule, unpublish. */
  'articles.publish',
  /** Delete articles permanently, clear problematic drafts. */
  'articles.delete',
  /** Regenerate article images. */
  'media.regenerate',
  /** Moderate reader comments and error reports. */
  'comments.moderate',
  /** Read readers' contact messages. */
  'contact.read',
  /** Manage the newsletter: subscribers, digests, their schedule. */
  'newsletter.manage',
  /** Read the analytics dashboard. */
  'analytics.read',
  /** Invite people, change roles, disable accounts, reset passwords. */
  'people.manage',
  /** Run recovery and backups, read the audit log and the queue dashboard. */
  'operations.run',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'editor', 'writer'] as const;
export type Role = (typeof ROLES)[number];

/** What only an owner may do: people, and the operations that act on the whole site. */
const OWNER_ONLY: readonly Permission[] = ['people.manage', 'operations.run'];

/** The one table of who may do what. The owner may do everything. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  editor: new Set(PERMISSIONS.filter((permission) => !OWNER_ONLY.includes(permission))),
  writer: new Set<Permission>(['panel.use', 'trending.read', 'articles.draft']),
};

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
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
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, permission }, handler);
    return descriptor;
  };
}
