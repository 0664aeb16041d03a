import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { SIGNATURE_WINDOW_MINUTES } from './fediverse-federation.js';
import { fediverseDb } from './tables.js';

export interface InboxRefusal {
  status: number;
  error: string;
  message: string;
}

const refusal = (status: number, error: string, message: string): InboxRefusal => ({ status, error, message });
const KEY_ID = /keyId="([^"]+)"/i;
const RFC9421_KEY_ID = /keyid="([^"]+)"/i;

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
 * What an inbox post passes before Fedify reads it: it is signed, its sender (the signing key's actor)
 * and server are not blocked nor over their rate (FEDIVERSE_INBOX_PER_ACTOR/DOMAIN_PER_MINUTE), and the
 * same signed request was not taken before (a replay). Fedify then verifies the signature itself and
 * refuses an invalid one; a Date outside SIGNATURE_WINDOW_MINUTES is refused there too, which bounds
 * how long a signature's record must be kept.
 */
@Injectable()
export class InboxGate {
  private lastSweep = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiterService,
    private readonly blocks: FediverseBlocks,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {}

  async admit(request: FastifyRequest, body: Buffer): Promise<InboxRefusal | null> {
    const keyId = keyIdOf(request);
    if (!keyId) return refusal(401, 'Unauthorized', 'Inbox posts must carry an HTTP signature');
    const actor = new URL(keyId.href.split('#')[0]!);
    if (await this.blocks.isBlocked(actor)) return refusal(403, 'Forbidden', 'This actor or server is blocked here');
    const allowed = await this.rateLimiter.allows([
      { key: `fediverse:actor:${actor.href}`, limit: this.config.inboxPerActorPerMinute, windowSeconds: 60 },
      { key: `fediverse:domain:${actor.hostname}`, limit: this.config.inboxPerDomainPerMinute, windowSeconds: 60 },
    ]);
    if (!allowed) return refusal(429, 'Too Many Requests', 'Too many inbox posts from this actor or server; try again later');
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
