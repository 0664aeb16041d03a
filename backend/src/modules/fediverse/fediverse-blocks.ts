import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateFediverseBlockRequest } from '@ai-mind/contracts';
import { sql, type RawBuilder } from 'kysely';
import { fediverseDb } from './tables.js';

/** The host of a row's `actor_url`, lower-cased, without port or path. */
const ACTOR_HOST = sql<string>`lower(substring(actor_url from '^[a-zA-Z]+://([^/:?#]+)'))`;

/**
 * Whether a block covers a row's `actor_url` (a follower's, a followed account's): that actor, or any actor
 * on the blocked server or a server below it (`example.com` covers `social.example.com`, on any port), as
 * `isBlocked` decides for one actor.
 */
export function coveredByBlock(block: CreateFediverseBlockRequest): RawBuilder<boolean> {
  if (block.kind === 'actor') return sql<boolean>`actor_url = ${block.value}`;
  return sql<boolean>`(${ACTOR_HOST} = ${block.value} or right(${ACTOR_HOST}, ${block.value.length + 1}) = ${`.${block.value}`})`;
}

/** A block as it is kept and matched: an actor's address as the URL parser writes it (`isBlocked` compares `URL.href`). */
export function normalizedBlock(block: CreateFediverseBlockRequest): CreateFediverseBlockRequest {
  return block.kind === 'actor' ? { kind: 'actor', value: new URL(block.value).href } : block;
}

/** Blocked actors and servers: the inbox drops what they send, and their replies never become comments. */
@Injectable()
export class FediverseBlocks {
  constructor(private readonly em: EntityManager) {}

  /** True when the actor, or its server (its host or any parent domain), is blocked. */
  async isBlocked(actor: URL): Promise<boolean> {
    const parts = actor.hostname.toLowerCase().split('.');
    const domains = parts.map((_, index) => parts.slice(index).join('.'));
    const row = await fediverseDb(this.em.fork())
      .selectFrom('fediverse_block')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('kind', '=', 'actor'), eb('value', '=', actor.href)]), eb.and([eb('kind', '=', 'domain'), eb('value', 'in', domains)])]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `em`: a transaction to keep it in (with what the block drops). */
  async add(block: CreateFediverseBlockRequest, by: string, em: EntityManager = this.em.fork()): Promise<void> {
    await fediverseDb(em)
      .insertInto('fediverse_block')
      .values({ kind: block.kind, value: block.value, created_by: by.slice(0, 100) })
      .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
      .execute();
  }

  async remove(id: number): Promise<boolean> {
    const result = await fediverseDb(this.em.fork()).deleteFrom('fediverse_block').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(): Promise<{ id: number; kind: 'actor' | 'domain'; value: string; createdAt: Date; createdBy: string }[]> {
    const rows = await fediverseDb(this.em.fork()).selectFrom('fediverse_block').selectAll().orderBy('id', 'desc').limit(500).execute();
    return rows.map((row) => ({ id: row.id, kind: row.kind, value: row.value, createdAt: new Date(row.created_at), createdBy: row.created_by }));
  }
}
