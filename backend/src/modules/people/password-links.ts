import { createHash, randomBytes } from 'node:crypto';

/** How long a link to set a password works. */
export const PASSWORD_LINK_HOURS = 72;

/** A new link's token (sent once, to the owner who made it) and the hash that is stored in its place. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfLinkToken(token) };
}

export function hashOfLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
