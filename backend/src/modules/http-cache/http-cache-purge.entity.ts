import { defineEntity, p } from '@mikro-orm/core';

/** The purge outbox: keys to purge from the shared caches (all, or `target` alone for a retry), due at `due_at`. */
export const HttpCachePurgeSchema = defineEntity({
  name: 'HttpCachePurge',
  tableName: 'http_cache_purge',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    keys: p.array().columnType('text[]'),
    target: p.text().nullable(),
    attempts: p.integer().default(0),
    dueAt: p.datetime().defaultRaw('clock_timestamp()').index('http_cache_purge_due_at_index'),
  },
});

export class HttpCachePurge extends HttpCachePurgeSchema.class {}
HttpCachePurgeSchema.setClass(HttpCachePurge);
