import type { webcrypto } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/**
 * The site actor's key pairs (RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs), made once on
 * first use and kept: a new key would make every remote server refuse the site's signatures until it
 * fetched the actor again. The private half never leaves the database but for signing.
 */
export const FediverseKeySchema = defineEntity({
  name: 'FediverseKey',
  tableName: 'fediverse_key',
  properties: {
    algorithm: p.string().length(20).primary(),
    publicJwk: p.json<webcrypto.JsonWebKey>(),
    privateJwk: p.json<webcrypto.JsonWebKey>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  checks: [{ name: 'fediverse_key_algorithm_check', expression: `algorithm in ('RSASSA-PKCS1-v1_5', 'Ed25519')` }],
});

export class FediverseKey extends FediverseKeySchema.class {}
FediverseKeySchema.setClass(FediverseKey);
