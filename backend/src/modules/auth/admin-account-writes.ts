import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountStatus, AdminRole } from '@ai-mind/contracts';
import { sql } from 'kysely';
import { authDb } from './tables.js';

/**
 * The changes of admin accounts, for the people module (which manages them) and the ops CLI: this
 * module owns the admin_user table, and each runs in the caller's transaction `tx`.
 */

/** A new active account; its id. */
export async function insertAdminAccount(
  tx: EntityManager,
  account: { username: string; displayName: string; email?: string | null; role: AdminRole; passwordHash: string | null },
): Promise<number> {
  const created = await authDb(tx)
    .insertInto('admin_user')
    .values({
      username: account.username,
      display_name: account.displayName,
      email: account.email ?? null,
      role: account.role,
      status: 'active',
      password_hash: account.passwordHash,
      created_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Sets the account's password hash, or clears it (null) until its person sets a new one. */
export async function setAdminPasswordHash(tx: EntityManager, id: number, passwordHash: string | null): Promise<void> {
  await authDb(tx).updateTable('admin_user').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Sets the password of an active account; its username, or null when it is disabled (or gone). */
export async function setActiveAdminPasswordHash(tx: EntityManager, id: number, passwordHash: string): Promise<string | null> {
  const row = await authDb(tx)
    .updateTable('admin_user')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning('username')
    .executeTakeFirst();
  return row?.username ?? null;
}

/**
 * Sets the role or status in one statement that keeps an active owner (the caller holds the owners
 * lock): the row changes only when it stays or was no active owner, or another active owner remains.
 * False when it would have left none.
 */
export async function changeAdminAccess(
  tx: EntityManager,
  id: number,
  change: { role: AdminRole } | { status: AccountStatus },
  keepsOwner: boolean,
): Promise<boolean> {
  const rows = await authDb(tx)
    .updateTable('admin_user as u')
    .set(change)
    .where('u.id', '=', id)
    .$if(!keepsOwner, (q) =>
      q.where((eb) =>
        eb.or([
          eb.not(eb.and([eb('u.role', '=', 'owner'), eb('u.status', '=', 'active')])),
          eb.exists(
            eb.selectFrom('admin_user as o').select('o.id').where('o.role', '=', 'owner').where('o.status', '=', 'active').whereRef('o.id', '<>', 'u.id'),
          ),
        ]),
      ),
    )
    .returning('u.id')
    .execute();
  return rows.length > 0;
}
