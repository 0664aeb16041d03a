import type { EntityManager } from '@mikro-orm/postgresql';

/** A client held out of the pool (`pg` ships no types): for LISTEN, which needs its own connection. */
export interface PgPooledClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification' | 'error', listener: (arg?: { payload?: string } | unknown) => void): void;
  release(destroy?: boolean): void;
}

/** The part of the `pg` pool beneath the ORM that the backend uses. */
export interface PgPool {
  connect(): Promise<PgPooledClient>;
  query<Row>(sql: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * The driver's pool, for what a query builder cannot do: hold a connection to LISTEN on, and NOTIFY.
 */
export async function pgPool(em: EntityManager): Promise<PgPool> {
  return (await em.getConnection().getNativeClient()) as unknown as PgPool;
}
