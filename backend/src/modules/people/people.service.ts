import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type InferResult } from 'kysely';
import type { Redis } from 'ioredis';
import type { AccountStatus, AdminAccount, AdminRole, InvitePersonRequest, PasswordLinkResponse } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.token.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { peopleDb } from './tables.js';
import { changeAdminAccess, endSessionsOf, hashPassword, insertAdminAccount, setActiveAdminPasswordHash, setAdminPasswordHash } from '../auth/index.js';
import { hashOfLinkToken, newLinkToken, PASSWORD_LINK_HOURS } from './password-links.js';

/** Every change that could leave no active owner takes this lock first, so two such changes run one after the other. */
const OWNERS_LOCK = `hashtext('admin_user owners')`;

const SPENT_LINK_MESSAGE = 'This link has expired or was already used. Ask an owner for a new one.';
const LAST_OWNER_MESSAGE = 'This is the last active owner: make another account an owner first.';

/** Every account with what the People tab shows of it: whether it has a password, and until when its live link lasts. */
const accounts = (query: ReturnType<typeof peopleDb>) =>
  query.selectFrom('admin_user as u').select((eb) => [
    'u.id',
    'u.username',
    'u.display_name',
    'u.email',
    'u.role',
    'u.status',
    eb('u.password_hash', 'is not', null).$castTo<boolean>().as('has_password'),
    'u.created_at',
    'u.last_login_at',
    eb
      .selectFrom('admin_password_link as l')
      .select((link) => link.fn.max('l.expires_at').as('expires_at'))
      .whereRef('l.user_id', '=', 'u.id')
      .where('l.used_at', 'is', null)
      .where('l.expires_at', '>', sql<Date>`now()`)
      .as('link_expires_at'),
  ]);
type AccountRow = InferResult<ReturnType<typeof accounts>>[number];

const toAccount = (row: AccountRow): AdminAccount => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  email: row.email,
  role: row.role,
  status: row.status,
  hasPassword: row.has_password,
  linkExpiresAt: row.link_expires_at ? new Date(row.link_expires_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
  lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
});

/** A unique violation of this insert, as the field it names. */
function duplicateField(error: unknown): 'username' | 'email' | null {
  const constraint = (error as { constraint?: string; code?: string }).constraint;
  if ((error as { code?: string }).code !== '23505') return null;
  return constraint === 'admin_user_email_unique' ? 'email' : 'username';
}

/**
 * The people of the admin panel: their accounts, roles and statuses, and the one-time links with which
 * each sets a password. Every change that ends what an account could do (a role, disabling, a reset)
 * also ends its sessions in every API process: once inside its transaction, after the change and
 * before the commit (so a failing Redis leaves nothing changed), and again after the commit (so a
 * sign-in that read the account before the commit ends too).
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async list(): Promise<AdminAccount[]> {
    const rows = await accounts(peopleDb(this.em.fork()))
      .orderBy((eb) => eb('u.role', '=', 'owner'), 'desc')
      .orderBy((eb) => eb('u.role', '=', 'editor'), 'desc')
      .orderBy((eb) => eb.fn('lower', ['u.display_name']))
      .orderBy('u.id')
      .execute();
    return rows.map(toAccount);
  }

  async find(id: number): Promise<AdminAccount> {
    const row = await accounts(peopleDb(this.em.fork())).where('u.id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `No account ${id}.` });
    return toAccount(row);
  }

  /** A new account without a password, and the link with which its person sets one. */
  async invite(person: InvitePersonRequest, actor: string): Promise<PasswordLinkResponse> {
    const link = newLinkToken();
    const id = await this.em
      .fork()
      .transactional(async (tx) => {
        const created = await insertAdminAccount(tx, { ...person, passwordHash: null });
        await this.insertLink(tx, created, 'invite', link.hash, actor);
        return created;
      })
      .catch((error: unknown) => {
        const field = duplicateField(error);
        if (!field) throw error;
        throw new ValidationFailedException([{ path: field, message: field === 'email' ? 'Another account has this email' : 'This username is taken' }]);
      });
    return this.linkResponse(id, link.token);
  }

  /** Clears the password, ends the sessions and makes a new link (older unused links stop working). */
  async resetPassword(id: number, actor: string): Promise<PasswordLinkResponse> {
    const account = await this.find(id);
    const link = newLinkToken();
    await this.em.fork().transactional(async (tx) => {
      await setAdminPasswordHash(tx, id, null);
      await this.insertLink(tx, id, 'reset', link.hash, actor);
      await endSessionsOf(this.redis, account.username);
    });
    await endSessionsOf(this.redis, account.username);
    return this.linkResponse(id, link.token);
  }

  /** Changes the role; refused (409) when it would leave no active owner. */
  async changeRole(id: number, role: AdminRole): Promise<AdminAccount> {
    return this.changeAccess(id, { role }, role === 'owner');
  }

  /** Disables or enables the account; disabling the last active owner is refused (409). */
  async changeStatus(id: number, status: AccountStatus): Promise<AdminAccount> {
    return this.changeAccess(id, { status }, status === 'active');
  }

  /**
   * Sets the role or status so that an active owner remains (changeAdminAccess), under the owners lock
   * (so two owners demoting each other at once run one after the other, and the second sees the first).
   */
  private async changeAccess(id: number, change: { role: AdminRole } | { status: AccountStatus }, keepsOwner: boolean): Promise<AdminAccount> {
    const account = await this.find(id);
    const changed = await this.em.fork().transactional(async (tx) => {
      // Raw: a PostgreSQL advisory lock is a function call for its effect, not a query of any table.
      await tx.execute(`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
      const changed = await changeAdminAccess(tx, id, change, keepsOwner);
      if (changed) await endSessionsOf(this.redis, account.username);
      return changed;
    });
    if (!changed) throw new ConflictException({ error: 'Conflict', message: LAST_OWNER_MESSAGE });
    await endSessionsOf(this.redis, account.username);
    return this.find(id);
  }

  /**
   * Sets the password of the account a link was made for, in the transaction that spends the link
   * (unused, unexpired, its account active): the spending statement locks the link's row, so of two
   * uses at once exactly one succeeds.
   */
  async setPasswordByLink(token: string, password: string): Promise<{ username: string }> {
    const tokenHash = hashOfLinkToken(token);
    // A token that names no live link is refused before the costly hash (anyone may post here).
    const live = await peopleDb(this.em.fork())
      .selectFrom('admin_password_link')
      .select('token_hash')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!live) throw new ValidationFailedException([{ path: 'token', message: SPENT_LINK_MESSAGE }]);
    const passwordHash = await hashPassword(password);
    const username = await this.em.fork().transactional(async (tx) => {
      const spent = await peopleDb(tx)
        .updateTable('admin_password_link')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      const username = spent ? await setActiveAdminPasswordHash(tx, spent.user_id, passwordHash) : null;
      // A link of a disabled account is spent for nothing: roll back, it may work once enabled.
      if (!username) throw new ValidationFailedException([{ path: 'token', message: SPENT_LINK_MESSAGE }]);
      return username;
    });
    await endSessionsOf(this.redis, username);
    return { username };
  }

  /**
   * The ops CLI's account: creates it with this password, or sets a new password (and, when given, a
   * new role) on the account of that name. The first account is an owner; later ones need a role.
   */
  async saveAccount(input: { username: string; password: string; role?: AdminRole; ifMissing?: boolean }): Promise<{ created: boolean; role: AdminRole }> {
    const passwordHash = await hashPassword(input.password);
    const result = await this.em.fork().transactional(async (tx) => {
      // Raw: an advisory lock. It orders first accounts too: of two made at once on an empty table, one is the first.
      await tx.execute(`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
      const existing = await peopleDb(tx).selectFrom('admin_user').select(['id', 'role']).where('username', '=', input.username).executeTakeFirst();
      if (existing) {
        if (!input.ifMissing) {
          await setAdminPasswordHash(tx, existing.id, passwordHash);
          await endSessionsOf(this.redis, input.username);
        }
        return { created: false, id: existing.id, role: existing.role };
      }
      const { accounts } = await peopleDb(tx)
        .selectFrom('admin_user')
        .select(sql<number>`count(*)::int`.as('accounts'))
        .executeTakeFirstOrThrow();
      if (accounts === 0 && input.role && input.role !== 'owner') throw new Error('The first account must be an owner: use --role owner.');
      if (accounts > 0 && !input.role) throw new Error('Give the new account a role: --role owner, editor or writer.');
      const role = input.role ?? 'owner';
      await insertAdminAccount(tx, { username: input.username, displayName: input.username, role, passwordHash });
      return { created: true, id: 0, role };
    });
    if (result.created || input.ifMissing) return { created: result.created, role: result.role };
    await endSessionsOf(this.redis, input.username);
    if (input.role && input.role !== result.role) return { created: false, role: (await this.changeRole(result.id, input.role)).role };
    return { created: false, role: result.role };
  }

  private async insertLink(tx: EntityManager, userId: number, purpose: 'invite' | 'reset', hash: string, actor: string): Promise<void> {
    // A new link replaces the account's earlier unused ones.
    await peopleDb(tx)
      .updateTable('admin_password_link')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await peopleDb(tx)
      .insertInto('admin_password_link')
      .values({ token_hash: hash, user_id: userId, purpose, created_by: actor, expires_at: sql<Date>`now() + make_interval(hours => ${PASSWORD_LINK_HOURS})` })
      .execute();
  }

  private async linkResponse(id: number, token: string): Promise<PasswordLinkResponse> {
    const account = await this.find(id);
    return { account, token, expiresAt: account.linkExpiresAt! };
  }
}
