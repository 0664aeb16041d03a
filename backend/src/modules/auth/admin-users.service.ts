import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdminUser } from './admin-user.entity.js';
import { hashPassword, verifyPassword } from './password-hasher.js';

/** Spent on unknown usernames too, so response time does not reveal which usernames exist. */
const DUMMY_HASH = await hashPassword('timing-equaliser');

@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The active account with these credentials, or null. An account waiting for its password (invited,
   * or reset) has none to match. A disabled account's right password is answered as a wrong one, after
   * the same hash check, so no answer tells a guesser that the password they tried is right.
   */
  async checkCredentials(username: string, password: string, em = this.em.fork()): Promise<AdminUser | null> {
    const user = await em.findOne(AdminUser, { username });
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    return user?.passwordHash && valid && user.status === 'active' ? user : null;
  }

  /** A sign-in's check (checkCredentials): a right one is the account's last sign-in. */
  async verifyCredentials(username: string, password: string): Promise<AdminUser | null> {
    const em = this.em.fork();
    const user = await this.checkCredentials(username, password, em);
    if (!user) return null;
    user.lastLoginAt = new Date();
    await em.flush();
    return user;
  }
}
