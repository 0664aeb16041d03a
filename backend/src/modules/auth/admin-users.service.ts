import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdminUser } from './admin-user.entity.js';
import { hashPassword, verifyPassword } from './password-hasher.js';

/** Spent on unknown usernames too, so response time does not reveal which usernames exist. */
const DUMMY_HASH = await hashPassword('timing-equaliser');

@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  /** The admin with these credentials, or null. */
  async verifyCredentials(username: string, password: string): Promise<AdminUser | null> {
    const em = this.em.fork();
    const user = await em.findOne(AdminUser, { username });
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) return null;
    user.lastLoginAt = new Date();
    await em.flush();
    return user;
  }

  /** Creates the admin, or sets a new password when the username exists. */
  async upsert(username: string, password: string): Promise<{ created: boolean }> {
    const em = this.em.fork();
    const passwordHash = await hashPassword(password);
    const existing = await em.findOne(AdminUser, { username });
    if (existing) {
      existing.passwordHash = passwordHash;
    } else {
      em.create(AdminUser, { username, passwordHash, lastLoginAt: null });
    }
    await em.flush();
    return { created: !existing };
  }

  /** Creates the admin only when no admin has that username (seed-time: never overwrites a changed password). */
  async ensure(username: string, password: string): Promise<{ created: boolean }> {
    const em = this.em.fork();
    if (await em.count(AdminUser, { username })) return { created: false };
    em.create(AdminUser, { username, passwordHash: await hashPassword(password), lastLoginAt: null });
    await em.flush();
    return { created: true };
  }
}
