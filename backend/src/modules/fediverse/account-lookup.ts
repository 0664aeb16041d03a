import { isActor, type Actor } from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import type { Context } from '@fedify/fedify';
import { ACTIVITY_JSON } from '@ai-mind/contracts';

/** Why an account could not be followed, said to the person who typed its handle. */
export class AccountNotFound extends Error {
  override name = 'AccountNotFound';
}

interface WebFingerLink {
  rel?: string;
  type?: string;
  href?: string;
}

/**
 * The actor of `name@host`, found as fediverse servers find one: WebFinger on the host, then the actor
 * document its `self` link names, both read through the safe document loader (the source fetcher's
 * address, size and time rules). WebFinger is asked over https, or over http when the host's http
 * origin is one of FEDIVERSE_TRUSTED_ORIGINS (another instance on a private network, the tests):
 * Fedify's own lookup always asks https and refuses private addresses outright.
 */
export async function lookupAccount(handle: string, loader: DocumentLoader, ctx: Context<void>, trustedOrigins: readonly string[]): Promise<Actor> {
  const at = handle.lastIndexOf('@');
  const host = handle.slice(at + 1);
  const scheme = trustedOrigins.includes(`http://${host}`) ? 'http' : 'https';
  const finger = new URL(`${scheme}://${host}/.well-known/webfinger`);
  finger.searchParams.set('resource', `acct:${handle}`);
  let links: WebFingerLink[];
  try {
    const { document } = await loader(finger.href);
    links = ((document as { links?: unknown }).links as WebFingerLink[] | undefined) ?? [];
  } catch (error) {
    throw new AccountNotFound(`${host} did not answer WebFinger for ${handle} (${(error as Error).message})`);
  }
  const self = Array.isArray(links)
    ? links.find((link) => link?.rel === 'self' && typeof link.href === 'string' && /^application\/(activity\+json|ld\+json)/.test(link.type ?? ACTIVITY_JSON))
    : undefined;
  if (!self?.href) throw new AccountNotFound(`${host} knows no account ${handle}`);
  let actor: unknown;
  try {
    actor = await ctx.lookupObject(self.href, { documentLoader: loader });
  } catch (error) {
    throw new AccountNotFound(`The account's document could not be read (${(error as Error).message})`);
  }
  if (!isActor(actor) || !actor.id || !actor.inboxId) throw new AccountNotFound(`${self.href} is not a fediverse account`);
  return actor;
}
