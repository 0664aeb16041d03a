import type { DocumentLoader, RemoteDocument } from '@fedify/vocab-runtime';
import { preloadedContexts } from '@fedify/vocab-runtime';
import { fetchPage } from '../provenance/index.js';

export interface RemoteFetchRules {
  timeoutMs: number;
  maxBytes: number;
  /** IP-literal origins exempt from the public-address rule (FEDIVERSE_TRUSTED_ORIGINS: tests, a private network). */
  trustedOrigins: readonly string[];
}

const ACTIVITY_TYPES = /^application\/(activity\+json|ld\+json|json|jrd\+json)\b/i;
const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams";q=0.9, application/json;q=0.5';
export const USER_AGENT = 'TheAIMind-Fediverse/1.0 (+ActivityPub)';

/** Why a remote document could not be had: refused by the rules (blocked) or not got (failed). */
export class RemoteFetchError extends Error {
  override name = 'RemoteFetchError';
  constructor(
    readonly url: string,
    readonly outcome: 'blocked' | 'failed',
    reason: string,
  ) {
    super(`${url}: ${reason}`);
  }
}

/**
 * Fedify's document loader on the source fetcher (provenance's fetchPage): http(s) only, no private or
 * loopback address after DNS resolution and on every redirect, one deadline and one size limit per
 * document. Every remote actor, key and object Fedify reads comes through it (signature checks
 * included), and so do JSON-LD contexts other than the ones Fedify ships.
 */
export function safeDocumentLoader(rules: RemoteFetchRules): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    if (url in preloadedContexts) return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
    const result = await fetchPage(url, {
      timeoutMs: rules.timeoutMs,
      maxBytes: rules.maxBytes,
      maxRedirects: 3,
      trustedOrigins: rules.trustedOrigins,
      accept: { header: ACCEPT, types: ACTIVITY_TYPES, userAgent: USER_AGENT },
    });
    if (result.status !== 'ok') throw new RemoteFetchError(url, result.status, result.error);
    let document: unknown;
    try {
      document = JSON.parse(result.body);
    } catch {
      throw new RemoteFetchError(url, 'failed', 'not JSON');
    }
    return { contextUrl: null, documentUrl: result.url, document };
  };
}
