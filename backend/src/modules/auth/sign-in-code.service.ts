import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { createHash, randomInt } from 'node:crypto';
import { REDIS } from '../../common/redis.module.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { AdminUser } from './admin-user.entity.js';
import { SIGN_IN_CODE_MAILER, type SignInCodeMailer } from './sign-in-code-mailer.js';

const CODE = 'ai-mind:login-code:';
const CODE_MAIL = 'ai-mind:login-code-mail:';
/** How long an emailed code works. */
export const SIGN_IN_CODE_MINUTES = 15;
/** At most one code mail per account this often, so refused guesses cannot flood the owner's mailbox. */
export const SIGN_IN_CODE_MAIL_SECONDS = 5 * 60;
/** Password checks one code may let past the username's rate before it stops working. */
export const SIGN_IN_CODE_USES = 5;

/** The Redis key of the username's live code: a hash of the code and how often it was presented. */
export const signInCodeKey = (username: string) => `${CODE}${username.toLowerCase()}`;

/** Only a hash is kept (salted by the username), as with sessions and password links. */
export const hashOfSignInCode = (username: string, code: string) => createHash('sha256').update(`${username.toLowerCase()}:${code}`).digest('hex');

/**
 * The way past a username's sign-in rate from a browser the account has never used (as Ghost verifies
 * a new device): a sign-in refused by the rate mails a code to the account's address, and the code
 * with the right password signs in whatever the rate. The code is kept hashed for SIGN_IN_CODE_MINUTES,
 * lets SIGN_IN_CODE_USES passwords be checked and one sign-in happen; an account gets at most one such
 * mail per SIGN_IN_CODE_MAIL_SECONDS (a newer code replaces the older). Its 12 digits (40 bits) are
 * past guessing within its lifetime, so a wrong code costs the owner's code nothing: it is an attempt
 * like one without a code, held by the rate.
 */
@Injectable()
export class SignInCodeService {
  private readonly logger = new Logger(SignInCodeService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectConfig('site') private readonly config: ConfigSlice<'site'>,
    private readonly em: EntityManager,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * Mails a new code to the account of this username, unless one was mailed within the interval, or it
   * has no address, no password or is disabled. The caller's answer is the same whatever happens here
   * (it must not tell which usernames exist), so the mail is sent after the answer.
   */
  async offer(username: string): Promise<void> {
    const user = username.toLowerCase();
    if ((await this.redis.set(`${CODE_MAIL}${user}`, '1', 'EX', SIGN_IN_CODE_MAIL_SECONDS, 'NX')) !== 'OK') return;
    const account = await this.em.fork().findOne(AdminUser, { username });
    const mailer = this.mailer();
    if (!account?.email || !account.passwordHash || account.status !== 'active' || !mailer.configured) return;
    const code = Array.from({ length: 3 }, () => String(randomInt(0, 10_000)).padStart(4, '0')).join('');
    const key = signInCodeKey(user);
    await this.redis
      .multi()
      .del(key)
      .hset(key, 'hash', hashOfSignInCode(user, code), 'uses', 0)
      .expire(key, SIGN_IN_CODE_MINUTES * 60)
      .exec();
    void this.mail(mailer, account.email, account.username, code).catch((error: unknown) =>
      this.logger.warn({ err: error }, `The sign-in code for '${account.username}' could not be mailed`),
    );
  }

  /** The newsletter module's mailer (SIGN_IN_CODE_MAILER), looked up where the app provides it. */
  private mailer(): SignInCodeMailer {
    return this.moduleRef.get<SignInCodeMailer>(SIGN_IN_CODE_MAILER, { strict: false });
  }

  private async mail(mailer: SignInCodeMailer, to: string, username: string, code: string): Promise<void> {
    const site = new URL(this.config.publicUrl).host;
    const shown = code.replace(/(\d{4})(?=\d)/g, '$1-');
    const text = [
      `Your sign-in code for ${site} is ${shown}.`,
      '',
      `Someone, perhaps you, tried to sign in as '${username}' while that username was receiving more sign-in attempts than it allows.`,
      `Enter this code with your password to sign in. It works once, for ${SIGN_IN_CODE_MINUTES} minutes, until a newer code replaces it.`,
      'If this was not you, someone is guessing your password: you need do nothing, but choose a long one.',
    ].join('\n');
    const html = text
      .split('\n')
      .filter(Boolean)
      .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
      .join('\n');
    await mailer.send({ to, subject: `Your sign-in code: ${shown}`, text, html });
  }
}
