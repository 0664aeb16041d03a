import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { fediverseDb } from './tables.js';

const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/**
 * The site actor's key pairs: read from fediverse_key, or made and kept on first use. Two processes
 * starting at once may both make one; the insert keeps the first and both then read it back, so the
 * site never signs with a key its actor does not publish.
 */
export async function siteKeyPairs(em: EntityManager): Promise<webcrypto.CryptoKeyPair[]> {
  const db = fediverseDb(em);
  let rows = await db.selectFrom('fediverse_key').selectAll().execute();
  if (rows.length < ALGORITHMS.length) {
    for (const algorithm of ALGORITHMS) {
      if (rows.some((row) => row.algorithm === algorithm)) continue;
      const pair = await generateCryptoKeyPair(algorithm);
      const publicJwk = JSON.stringify(await exportJwk(pair.publicKey));
      const privateJwk = JSON.stringify(await exportJwk(pair.privateKey));
      await db
        .insertInto('fediverse_key')
        .values({ algorithm, public_jwk: sql`${publicJwk}::jsonb`, private_jwk: sql`${privateJwk}::jsonb` })
        .onConflict((oc) => oc.column('algorithm').doNothing())
        .execute();
    }
    rows = await db.selectFrom('fediverse_key').selectAll().execute();
  }
  const ordered = ALGORITHMS.map((algorithm) => rows.find((row) => row.algorithm === algorithm)!);
  return Promise.all(
    ordered.map(async (row) => ({
      publicKey: await importJwk(row.public_jwk as webcrypto.JsonWebKey, 'public'),
      privateKey: await importJwk(row.private_jwk as webcrypto.JsonWebKey, 'private'),
    })),
  );
}
