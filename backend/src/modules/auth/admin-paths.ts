/**
 * Every route under these paths is an admin route: the session guard protects it by default, present
 * and future, unless it is marked @PublicAdminRoute() (sign-in itself).
 */
export const ADMIN_PATH_BASES = ['/api/admin', '/api/trending-topics'];

export function isAdminPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return ADMIN_PATH_BASES.some((base) => path === base || path.startsWith(`${base}/`));
}

export const SESSION_COOKIE = 'ai_mind_admin';
export const CSRF_HEADER = 'x-csrf-token';
