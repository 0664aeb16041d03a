import { defineEntity, p } from '@mikro-orm/core';

/** Whatever Fedify keeps: any JSON value. */
export type KvValue = string | number | boolean | object | null;

/**
 * Fedify's key-value store (fediverse-kv-store.ts): its caches of remote documents and keys, and the
 * ids of the activities already handled. Expired rows are ignored when read and deleted by the sweeper.
 */
export const FediverseKvSchema = defineEntity({
  name: 'FediverseKv',
  tableName: 'fediverse_kv',
  properties: {
    key: p.string().length(1000).primary(),
    value: p.json<KvValue>(),
    expiresAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'fediverse_kv_expires_at_index', properties: ['expiresAt'] }],
  checks: [{ name: 'fediverse_kv_value_size_check', expression: `octet_length(value::text) <= 1000000` }],
});

export class FediverseKv extends FediverseKvSchema.class {}
FediverseKvSchema.setClass(FediverseKv);
