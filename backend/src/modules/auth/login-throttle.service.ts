import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SIGN_IN_CODE_OFFER } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.module.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { hashOfSignInCode, SIGN_IN_CODE_USES, SignInCodeService, signInCodeKey } from './sign-in-code.service.js';

const FAILURES = 'ai-mind:login-failures:';
const CHECKS = 'ai-mind:login-checks:';
const DEVICE = 'ai-mind:login-device:';
/** How long a browser that signed in is known for its username (renewed by each sign-in from it). */
export const KNOWN_DEVICE_SECONDS = 180 * 24 * 3600;
const LOCK = 'ai-mind:login-lock:';
const FAILURE_WINDOW_SECONDS = 24 * 3600;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 3600;
/** A client guessing across many usernames is locked out too, after this many times the per-username limit. */
const CLIENT_LIMIT_FACTOR = 4;
/** Past the limit, each attempt on the username waits this long, doubling per failure up to the cap. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 2000;

/**
 * KEYS: failures and lock of (client, username), failures and lock of the client, failures of the
 * username, the username's checks in this window, the username's emailed sign-in code. ARGV: the
 * pair's limit, the client's limit, failure window, first and longest lock, the username's checks per
 * window, that window, 1 when the attempt comes from a browser known to have signed in as this username
 * (not held by the username's rate), the hash of the code the attempt gives ('' for none), the uses a
 * code allows. The username's right code, within its uses (each counted), lets the attempt past the
 * username's rate like a known browser; any other code is no code.
 * Answers { seconds to wait, 0, 0, 0 } while the pair or the client is locked, { seconds left in the
 * window, 0, 1, 0 } once the username has had its checks in this window; otherwise counts this attempt
 * as a failure of all three up front (the attempt that reaches a limit locks its subject) and answers
 * { 0, the username's failures, 0, 1 when it came with the right code }.
 */
const BEGIN_ATTEMPT = `
local wait = math.max(redis.call('TTL', KEYS[2]), redis.call('TTL', KEYS[4]))
if wait > 0 then return { wait, 0, 0, 0 } end
local byCode = 0
if ARGV[8] ~= '1' and ARGV[9] ~= '' and redis.call('HGET', KEYS[7], 'hash') == ARGV[9] then
  if redis.call('HINCRBY', KEYS[7], 'uses', 1) > tonumber(ARGV[10]) then redis.call('DEL', KEYS[7]) else byCode = 1 end
end
if ARGV[8] ~= '1' and byCode == 0 then
  local checks = redis.call('INCR', KEYS[6])
  if checks == 1 or redis.call('TTL', KEYS[6]) < 0 then redis.call('EXPIRE', KEYS[6], ARGV[7]) end
  if checks > tonumber(ARGV[6]) then return { math.max(redis.call('TTL', KEYS[6]), 1), 0, 1, 0 } end
end
for i = 1, 3, 2 do
  local failures = redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
  local over = failures - tonumber(ARGV[(i + 1) / 2])
  if over >= 0 then
    redis.call('SET', KEYS[i + 1], '1', 'EX', math.floor(math.min(tonumber(ARGV[4]) * 2 ^ over, tonumber(ARGV[5]))))
  end
end
local userFailures = redis.call('INCR', KEYS[5])
redis.call('EXPIRE', KEYS[5], ARGV[3])
return { 0, userFailures, 0, byCode }`;

/** KEYS: the username's code. ARGV: the hash of the code given. Deletes the code when it is that one: 1 for the one sign-in that spends it. */
const SPEND_CODE = `
if redis.call('HGET', KEYS[1], 'hash') ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`;

/** What beginAttempt learnt of an attempt, for recordSuccess. */
export interface Attempt {
  /** The attempt got past the username's rate with this emailed code (its hash), which a success spends. */
  codeHash?: string;
}

/**
 * Failed sign-ins, counted in Redis (shared by every API instance), without handing an attacker a
 * switch that locks the editor out:
 * - a client that keeps failing on a username is locked out of it (from the configured number of
 *   failures on, each further failure doubles the lockout, up to an hour), and a client failing across
 *   many usernames is locked out altogether;
 * - a username under attack from many clients is slowed: each attempt on it waits (up to 2 s)
 *   before its password is checked, and it gets at most LOGIN_USERNAME_CHECKS checks per window from
 *   all clients together (429 beyond), so guessing in parallel from many addresses is bounded as a
 *   rate. Neither locks anyone: the right password from a client that has not been failing is accepted
 *   (in the next window at the latest), and a browser that signed in as the username before (its
 *   device cookie, known in Redis) is not held by the username's rate at all, so an attack that keeps
 *   the rate full cannot keep the editor out of their own browser. From a new browser, a sign-in the
 *   rate refuses mails the account a one-time code (SignInCodeService) that, with the right password,
 *   gets past the rate: guessing can slow a username down but never keep its owner out.
 * Every attempt is counted before its password is checked, in one atomic step, so a burst of parallel
 * guesses gets no more tries than a sequence would.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectConfig('auth') private readonly config: ConfigSlice<'auth'>,
    private readonly codes: SignInCodeService,
  ) {}

  private keys(client: string, username: string) {
    const user = username.toLowerCase();
    const pair = `pair:${client}:${user}`;
    const byClient = `ip:${client}`;
    return {
      pair: [`${FAILURES}${pair}`, `${LOCK}${pair}`],
      client: [`${FAILURES}${byClient}`, `${LOCK}${byClient}`],
      user: `${FAILURES}user:${user}`,
      checks: `${CHECKS}user:${user}`,
      code: signInCodeKey(user),
    };
  }

  /**
   * Throttles and counts the attempt (a failure until it succeeds): 429 with the wait while the client
   * is locked out, a delay while the username is under attack. Refused by the username's rate, the
   * answer offers a code by email (mailed to the account, if any: the answer is the same for every
   * username), which the next attempt may give to get past the rate.
   */
  async beginAttempt(client: string, username: string, deviceToken?: string, code?: string): Promise<Attempt> {
    const keys = this.keys(client, username);
    const knownDevice = await this.isKnownDevice(deviceToken, username);
    const limit = this.config.loginMaxFailures;
    const rate = this.config.loginUsernameRate;
    const codeHash = code ? hashOfSignInCode(username, code) : '';
    const [wait, userFailures, usernameBusy, byCode] = (await this.redis.eval(
      BEGIN_ATTEMPT,
      7,
      ...keys.pair,
      ...keys.client,
      keys.user,
      keys.checks,
      keys.code,
      limit,
      limit * CLIENT_LIMIT_FACTOR,
      FAILURE_WINDOW_SECONDS,
      FIRST_LOCK_SECONDS,
      MAX_LOCK_SECONDS,
      rate.checks,
      rate.windowSeconds,
      knownDevice ? 1 : 0,
      codeHash,
      SIGN_IN_CODE_USES,
    )) as [number, number, number, number];
    if (wait > 0) {
      if (!usernameBusy) throw tooMany(`Too many failed sign-in attempts. Try again in ${wait} seconds.`, wait);
      await this.codes.offer(username);
      throw codeOffered(wait);
    }
    const over = userFailures - limit;
    if (over > 0) await sleep(Math.min(FIRST_DELAY_MS * 2 ** (over - 1), MAX_DELAY_MS));
    return byCode ? { codeHash } : {};
  }

  /**
   * A right password clears this client's failures and locks, and the username's slowdown; answers the
   * device token that marks this browser as known for the username (the one it sent, when known).
   */
  async recordSuccess(client: string, username: string, attempt: Attempt, deviceToken?: string): Promise<string> {
    const keys = this.keys(client, username);
    // Spent by the statement that checks it: of two sign-ins with one code, one gets in.
    if (attempt.codeHash && !(await this.redis.eval(SPEND_CODE, 1, keys.code, attempt.codeHash))) {
      throw codeOffered(this.config.loginUsernameRate.windowSeconds);
    }
    const token = (await this.isKnownDevice(deviceToken, username)) ? deviceToken! : randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .del(...keys.pair, ...keys.client, keys.user)
      .set(deviceKey(token), username.toLowerCase(), 'EX', KNOWN_DEVICE_SECONDS)
      .exec();
    return token;
  }

  private async isKnownDevice(token: string | undefined, username: string): Promise<boolean> {
    if (!token || token.length > 100) return false;
    return (await this.redis.get(deviceKey(token))) === username.toLowerCase();
  }
}

const tooMany = (message: string, wait: number) => new HttpException({ error: 'Too Many Requests', message, retryAfter: wait }, HttpStatus.TOO_MANY_REQUESTS);

/** The username's rate refused the attempt: its field error names the code, which the sign-in form then asks for. */
const codeOffered = (wait: number) =>
  new HttpException(
    {
      error: 'Too Many Requests',
      message: `This username has had all the sign-in attempts it allows for now. Try again in ${wait} seconds, or sign in with the code we email.`,
      details: [{ path: 'code', message: SIGN_IN_CODE_OFFER }],
      retryAfter: wait,
    },
    HttpStatus.TOO_MANY_REQUESTS,
  );

/** Stored by a hash of the token, as sessions are: Redis never holds a cookie's value. */
const deviceKey = (token: string) => `${DEVICE}${createHash('sha256').update(token).digest('hex')}`;
