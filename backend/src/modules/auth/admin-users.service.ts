import { ForbiddenException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdminUser } from './admin-user.entity.js';
import { hashPassword, verifyPassword } from './password-hasher.js';

/** Spent on unknown usernames too, so response time does not reveal which usernames exist. */
const DUMMY_HASH = await hashPassword('timing-equaliser');

@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The account with these credentials, or null. An account waiting for its password (invited, or
   * reset) has none to match; a disabled one is refused once its password proved who is asking.
   */
  async verifyCredentials(username: string, password: string): Promise<AdminUser | null> {
    const em = this.em.fork();
    const user = await em.findOne(AdminUser, { username });
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user?.passwordHash || !valid) return null;
    if (user.status !== 'active') throw new ForbiddenException({ error: 'Forbidden', message: 'This account is disabled. Ask an owner to enable it.' });
    user.lastLoginAt = new Date();
    await em.flush();
    return user;
  }
}
