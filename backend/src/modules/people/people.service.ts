import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { AccountStatus, AdminAccount, AdminRole, InvitePersonRequest, PasswordLinkResponse } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.token.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { endSessionsOf, hashPassword } from '../auth/index.js';
import { hashOfLinkToken, newLinkToken, PASSWORD_LINK_HOURS } from './password-links.js';

/** Every change that could leave no active owner takes this lock first, so two such changes run one after the other. */
const OWNERS_LOCK = `hashtext('admin_user owners')`;

const SPENT_LINK_MESSAGE = 'This link has expired or was already used. Ask an owner for a new one.';
const LAST_OWNER_MESSAGE = 'This is the last active owner: make another account an owner first.';

interface AccountRow {
  id: number;
  username: string;
  display_name: string;
  email: string | null;
  role: AdminRole;
  status: AccountStatus;
  has_password: boolean;
  link_expires_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
}

const ACCOUNT_COLUMNS = `u.id, u.username, u.display_name, u.email, u.role, u.status, u.password_hash is not null as has_password, u.created_at, u.last_login_at,
  (select max(l.expires_at) from admin_password_link l where l.user_id = u.id and l.used_at is null and l.expires_at > now()) as link_expires_at`;

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
    const rows = await this.em.getConnection().execute<AccountRow[]>(`select ${ACCOUNT_COLUMNS} from admin_user u order by u.role = 'owner' desc, u.role = 'editor' desc, lower(u.display_name), u.id`);
    return rows.map(toAccount);
  }

  async find(id: number): Promise<AdminAccount> {
    const [row] = await this.em.getConnection().execute<AccountRow[]>(`select ${ACCOUNT_COLUMNS} from admin_user u where u.id = ?`, [id]);
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `No account ${id}.` });
    return toAccount(row);
  }

  /** A new account without a password, and the link with which its person sets one. */
  async invite(person: InvitePersonRequest, actor: string): Promise<PasswordLinkResponse> {
    const link = newLinkToken();
    const id = await this.em
      .fork()
      .transactional(async (tx) => {
        const [created] = await tx.execute<{ id: number }[]>(
          `insert into admin_user (username, display_name, email, role, status, password_hash, created_at) values (?, ?, ?, ?, 'active', null, now()) returning id`,
          [person.username, person.displayName, person.email, person.role],
        );
        await this.insertLink(tx, created!.id, 'invite', link.hash, actor);
        return created!.id;
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
      await tx.execute(`update admin_user set password_hash = null where id = ?`, [id]);
      await this.insertLink(tx, id, 'reset', link.hash, actor);
      await endSessionsOf(this.redis, account.username);
    });
    await endSessionsOf(this.redis, account.username);
    return this.linkResponse(id, link.token);
  }

  /** Changes the role; refused (409) when it would leave no active owner. */
  async changeRole(id: number, role: AdminRole): Promise<AdminAccount> {
    return this.changeAccess(id, 'role', role, role === 'owner');
  }

  /** Disables or enables the account; disabling the last active owner is refused (409). */
  async changeStatus(id: number, status: AccountStatus): Promise<AdminAccount> {
    return this.changeAccess(id, 'status', status, status === 'active');
  }

  /**
   * Sets the role or status in one statement that keeps an active owner, under the owners lock (so
   * two owners demoting each other at once run one after the other, and the second sees the first):
   * the row changes only when it stays or was no active owner, or another active owner remains.
   */
  private async changeAccess(id: number, column: 'role' | 'status', value: string, keepsOwner: boolean): Promise<AdminAccount> {
    const account = await this.find(id);
    const changed = await this.em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
      const rows = await tx.execute<{ id: number }[]>(
        `update admin_user u set ${column} = ? where u.id = ?
           and (?::boolean
             or not (u.role = 'owner' and u.status = 'active')
             or exists (select 1 from admin_user o where o.role = 'owner' and o.status = 'active' and o.id <> u.id))
         returning u.id`,
        [value, id, keepsOwner],
      );
      if (rows.length) await endSessionsOf(this.redis, account.username);
      return rows.length > 0;
    });
    if (!changed) throw new ConflictException({ error: 'Conflict', message: LAST_OWNER_MESSAGE });
    await endSessionsOf(this.redis, account.username);
    return this.find(id);
  }

  /**
   * Sets the password of the account a link was made for. The statement that sets it also spends the
   * link (unused, unexpired, its account active), so of two uses at once exactly one succeeds.
   */
  async setPasswordByLink(token: string, password: string): Promise<{ username: string }> {
    const tokenHash = hashOfLinkToken(token);
    // A token that names no live link is refused before the costly hash (anyone may post here).
    const [live] = await this.em.getConnection().execute(`select 1 from admin_password_link where token_hash = ? and used_at is null and expires_at > now()`, [tokenHash]);
    if (!live) throw new ValidationFailedException([{ path: 'token', message: SPENT_LINK_MESSAGE }]);
    const passwordHash = await hashPassword(password);
    const username = await this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<{ username: string }[]>(
        `with spent as (
           update admin_password_link set used_at = now()
           where token_hash = ? and used_at is null and expires_at > now()
           returning user_id)
         update admin_user u set password_hash = ? from spent
         where u.id = spent.user_id and u.status = 'active'
         returning u.username`,
        [tokenHash, passwordHash],
      );
      // A link of a disabled account is spent for nothing: roll back, it may work once enabled.
      if (!row) throw new ValidationFailedException([{ path: 'token', message: SPENT_LINK_MESSAGE }]);
      return row.username;
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
      // The lock orders first accounts too: of two made at once on an empty table, one is the first.
      await tx.execute(`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
      const [existing] = await tx.execute<{ id: number; role: AdminRole }[]>(`select id, role from admin_user where username = ?`, [input.username]);
      if (existing) {
        if (!input.ifMissing) {
          await tx.execute(`update admin_user set password_hash = ? where id = ?`, [passwordHash, existing.id]);
          await endSessionsOf(this.redis, input.username);
        }
        return { created: false, id: existing.id, role: existing.role };
      }
      const [{ accounts }] = (await tx.execute<{ accounts: number }[]>(`select count(*)::int as accounts from admin_user`)) as [{ accounts: number }];
      if (accounts === 0 && input.role && input.role !== 'owner') throw new Error('The first account must be an owner: use --role owner.');
      if (accounts > 0 && !input.role) throw new Error('Give the new account a role: --role owner, editor or writer.');
      const role = input.role ?? 'owner';
      await tx.execute(`insert into admin_user (username, display_name, role, status, password_hash, created_at) values (?, ?, ?, 'active', ?, now())`, [
        input.username,
        input.username,
        role,
        passwordHash,
      ]);
      return { created: true, id: 0, role };
    });
    if (result.created || input.ifMissing) return { created: result.created, role: result.role };
    await endSessionsOf(this.redis, input.username);
    if (input.role && input.role !== result.role) return { created: false, role: (await this.changeRole(result.id, input.role)).role };
    return { created: false, role: result.role };
  }

  private async insertLink(tx: EntityManager, userId: number, purpose: 'invite' | 'reset', hash: string, actor: string): Promise<void> {
    // A new link replaces the account's earlier unused ones.
    await tx.execute(`update admin_password_link set used_at = now() where user_id = ? and used_at is null`, [userId]);
    await tx.execute(
      `insert into admin_password_link (token_hash, user_id, purpose, created_by, expires_at) values (?, ?, ?, ?, now() + make_interval(hours => ?))`,
      [hash, userId, purpose, actor, PASSWORD_LINK_HOURS],
    );
  }

  private async linkResponse(id: number, token: string): Promise<PasswordLinkResponse> {
    const account = await this.find(id);
    return { account, token, expiresAt: account.linkExpiresAt! };
  }
}
