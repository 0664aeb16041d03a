import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { verifyRequest, type KeyCache } from '@fedify/fedify';
import { CryptographicKey, Multikey } from '@fedify/vocab';
import { sql } from 'kysely';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation, SIGNATURE_WINDOW_MINUTES } from './fediverse-federation.js';
import { PostgresKvStore } from './fediverse-kv-store.js';
import { fediverseDb } from './tables.js';
import { webRequest } from './web-request.js';

export interface InboxRefusal {
  status: number;
  error: string;
  message: string;
}

const refusal = (status: number, error: string, message: string): InboxRefusal => ({ status, error, message });
const KEY_ID = /keyId="([^"]+)"/i;
const RFC9421_KEY_ID = /keyid="([^"]+)"/i;
/** Where Fedify keeps the public keys it fetched (its `publicKey` kv prefix): the gate's check fills it for Fedify's own. */
const PUBLIC_KEY_PREFIX = ['_fedify', 'publicKey'] as const;

/** The key's id a signed request names (draft-cavage `Signature` or RFC 9421 `Signature-Input`), or null when it is not signed. */
function keyIdOf(request: FastifyRequest): URL | null {
  const cavage = request.headers.signature;
  const rfc9421 = request.headers['signature-input'];
  const match = (typeof cavage === 'string' ? KEY_ID.exec(cavage) : null) ?? (typeof rfc9421 === 'string' ? RFC9421_KEY_ID.exec(rfc9421) : null);
  if (!match) return null;
  try {
    return new URL(match[1]!);
  } catch {
    return null;
  }
}

/**
 * What an inbox post passes before Fedify reads it, cheapest first, and nothing kept for a sender
 * before its signature is verified:
 * 1. it is signed, and the key it names is not of a blocked actor or server (refusing a name costs nothing);
 * 2. its client (address) is within FEDIVERSE_INBOX_PER_CLIENT_PER_MINUTE: checking a signature fetches
 *    the signer's key, and this is the only counter an unverified post can make (one per client, expiring);
 * 3. the signature verifies (with the signer's key, fetched through the safe document loader, and a Date
 *    within SIGNATURE_WINDOW_MINUTES), so the signer is whoever holds that key, on the server that serves it;
 * 4. that signer and its server are within FEDIVERSE_INBOX_PER_ACTOR/DOMAIN_PER_MINUTE: the limits count
 *    verified signers only, so nobody can spend another server's budget by naming its keys;
 * 5. the same signed request was not taken before (a replay).
 * Fedify then verifies again (its key cache, which this check filled, saves the second fetch) and handles it.
 */
@Injectable()
export class InboxGate {
  private lastSweep = 0;
  private readonly kv: PostgresKvStore;
  private readonly loaders: { documentLoader: FediverseFederation['loader']; contextLoader: FediverseFederation['loader'] };

  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiterService,
    private readonly blocks: FediverseBlocks,
    private readonly fediverse: FediverseFederation,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {
    this.kv = new PostgresKvStore(() => this.em.fork());
    this.loaders = { documentLoader: fediverse.loader, contextLoader: fediverse.loader };
  }

  /**
   * A key cache for one request: it reads the keys kept in Fedify's store, and holds a key fetched now
   * in memory until the signature verifies (keepFetched), so a post whose signature fails keeps nothing,
   * however many keys it names.
   */
  private requestKeyCache(): { cache: KeyCache; keepFetched: () => Promise<void> } {
    const fetched = new Map<string, CryptographicKey | Multikey>();
    const cache: KeyCache = {
      get: async (keyId) => {
        const held = fetched.get(keyId.href);
        if (held) return held;
        const kept = await this.kv.get([...PUBLIC_KEY_PREFIX, keyId.href]);
        if (kept === undefined || kept === null) return undefined;
        return CryptographicKey.fromJsonLd(kept, this.loaders).catch(() => Multikey.fromJsonLd(kept, this.loaders).catch(() => undefined));
      },
      set: async (keyId, key) => {
        if (key) fetched.set(keyId.href, key);
      },
    };
    const keepFetched = async () => {
      for (const [keyId, key] of fetched) await this.kv.set([...PUBLIC_KEY_PREFIX, keyId], (await key.toJsonLd(this.loaders)) as never);
    };
    return { cache, keepFetched };
  }

  async admit(request: FastifyRequest, body: Buffer): Promise<InboxRefusal | null> {
    const keyId = keyIdOf(request);
    if (!keyId) return refusal(401, 'Unauthorized', 'Inbox posts must carry an HTTP signature');
    if (await this.blocks.isBlocked(new URL(keyId.href.split('#')[0]!))) return refusal(403, 'Forbidden', 'This actor or server is blocked here');
    const tooMany = refusal(429, 'Too Many Requests', 'Too many inbox posts from this actor or server; try again later');
    const perClient = { key: `fediverse:client:${clientOf(request)}`, limit: this.config.inboxPerClientPerMinute, windowSeconds: 60 };
    if (!(await this.rateLimiter.allows([perClient]))) return tooMany;
    const keys = this.requestKeyCache();
    const key = await verifyRequest(webRequest(request, this.fediverse.origin, body), {
      documentLoader: this.fediverse.loader,
      contextLoader: this.fediverse.loader,
      keyCache: keys.cache,
      timeWindow: { minutes: SIGNATURE_WINDOW_MINUTES },
      spec: request.headers['signature-input'] ? 'rfc9421' : 'draft-cavage-http-signatures-12',
    }).catch(() => null);
    if (!key?.id) return refusal(401, 'Unauthorized', 'The HTTP signature could not be verified');
    await keys.keepFetched();
    // The verified key's own address: its server served it, and the sender holds its private half.
    const signer = new URL(key.id.href.split('#')[0]!);
    if (key.id.href !== keyId.href && (await this.blocks.isBlocked(signer))) return refusal(403, 'Forbidden', 'This actor or server is blocked here');
    const allowed = await this.rateLimiter.allows([
      { key: `fediverse:actor:${signer.href}`, limit: this.config.inboxPerActorPerMinute, windowSeconds: 60 },
      { key: `fediverse:domain:${signer.host}`, limit: this.config.inboxPerDomainPerMinute, windowSeconds: 60 },
    ]);
    if (!allowed) return tooMany;
    const signed = [
      request.headers.signature,
      request.headers['signature-input'],
      request.headers.date,
      request.headers.digest,
      request.headers['content-digest'],
    ]
      .map((value) => String(value ?? ''))
      .join('\n');
    const hash = createHash('sha256').update(signed).update('\n').update(body).digest('hex');
    const taken = await fediverseDb(this.em.fork())
      .insertInto('fediverse_received')
      .values({ signature_hash: hash })
      .onConflict((oc) => oc.column('signature_hash').doNothing())
      .returning('signature_hash')
      .executeTakeFirst();
    if (!taken) return refusal(401, 'Unauthorized', 'This signed request was already received (a replay)');
    await this.sweep();
    return null;
  }

  /** Forgets signatures older than the window Fedify accepts (at most once a minute per process). */
  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    await fediverseDb(this.em.fork())
      .deleteFrom('fediverse_received')
      .where('received_at', '<', sql<Date>`now() - make_interval(mins => ${SIGNATURE_WINDOW_MINUTES * 2})`)
      .execute();
  }
}
