import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateFediverseBlockRequest } from '@ai-mind/contracts';
import { fediverseDb } from './tables.js';

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
