import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { fediverseDb } from './tables.js';

/**
 * How long an entry Fedify sets without a lifetime is kept: its caches of remote keys and documents. A key
 * is fetched again after this (a server may rotate it), and the table cannot grow for ever with the keys of
 * every server that ever wrote; long enough that a follower's Delete of its own account, signed with a key
 * its server no longer serves, still verifies against the kept copy.
 */
export const KV_DEFAULT_TTL_MS = 7 * 24 * 3600_000;

/** A key as one string: its parts joined by a character no URL or name holds, so a prefix of parts is a prefix of text. */
const SEPARATOR = '\u001f';
const keyText = (key: KvKey): string => key.join(SEPARATOR);

/**
 * Fedify's key-value store on PostgreSQL (the fediverse_kv table). @fedify/postgres exists only for
 * Fedify 1.x (its 1.8.7 requires @fedify/fedify 1.8.7; docs/fediverse.md), and this one needs no
 * second database client: it speaks through the ORM's Kysely like the rest of the module. Every API and
 * worker process shares it, so the caches and the handled activities are the cluster's, not a process's.
 */
export class PostgresKvStore implements KvStore {
  constructor(private readonly em: () => EntityManager) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await fediverseDb(this.em())
      .selectFrom('fediverse_kv')
      .select('value')
      .where('key', '=', keyText(key))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    return row?.value as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = new Date(Date.now() + (options?.ttl ? options.ttl.total({ unit: 'millisecond' }) : KV_DEFAULT_TTL_MS));
    const json = JSON.stringify(value);
    await fediverseDb(this.em())
      .insertInto('fediverse_kv')
      .values({ key: keyText(key), value: sql`${json}::jsonb`, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`${json}::jsonb`, expires_at: expiresAt }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await fediverseDb(this.em()).deleteFrom('fediverse_kv').where('key', '=', keyText(key)).execute();
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = fediverseDb(this.em())
      .selectFrom('fediverse_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
    if (prefix) {
      const text = keyText(prefix);
      query = query.where((eb) => eb.or([eb('key', '=', text), eb(sql`left(key, ${text.length + 1})`, '=', text + SEPARATOR)]));
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: row.key.split(SEPARATOR) as unknown as KvKey, value: row.value };
    }
  }

  /** Drops what has expired (the outbox's sweep does, once a minute: reads already ignore it). */
  async sweep(): Promise<number> {
    const result = await fediverseDb(this.em())
      .deleteFrom('fediverse_kv')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
