import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  ContactRequestSchema,
  CreateCommentRequestSchema,
  CreateErrorReportRequestSchema,
  FORM_BACK_FIELD,
  FORM_FLASH_PARAM,
  NEWSLETTER_TOKEN_FIELD,
  NewsletterRequestSchema,
  SitePathSchema,
  type FormFlash,
  type PageFormId,
} from '@ai-mind/contracts';
import { clientOf } from './client-hash.js';
import { RateLimiterService, type RateLimit } from './rate-limiter.service.js';
import { REDIS } from './redis.token.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

const FLASH_PREFIX = 'ai-mind:form-flash:';
/** Every outcome kept, by when it expires: the family's budget is counted (and its oldest evicted) here. */
const FLASH_INDEX = 'ai-mind:form-flashes';
/** Long enough for a slow phone to follow the redirect; the outcome is taken by the first page that shows it. */
const FLASH_TTL_SECONDS = 300;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;
/**
 * Outcomes kept at once, all senders together. An outcome is normally taken within a second of being
 * kept; at the budget the oldest goes first (its reader sees the page without it). The largest outcome
 * is a refused contact form at its fields' limits (about 19 KB in UTF-8), so the family never holds
 * more than about 20 MB, whatever is sent.
 */
export const FLASH_BUDGET = 1000;
/** Posted forms one client may have answered with an outcome (each one kept for FLASH_TTL_SECONDS). */
export const flashLimit = (client: string): RateLimit => ({
  key: `form-flash:${client}`,
  limit: 30,
  windowSeconds: 600,
  message: (wait) => `Too many forms sent. Please try again in ${wait}.`,
});

/** A signed link's token (newsletter confirm, leave, erase): far shorter than this. */
const LinkTokenForm = z.object({ [NEWSLETTER_TOKEN_FIELD]: z.string().max(200) });

/**
 * Each form's fields as the contract declares them: what a refused form keeps of what was typed is
 * each declared field, cut to the field's limit, and nothing else.
 */
const FORM_FIELDS: Record<PageFormId, z.ZodObject> = {
  contact: ContactRequestSchema,
  comment: CreateCommentRequestSchema,
  newsletter: NewsletterRequestSchema,
  // The claim a report is on comes back as posted (a hidden field of digits), so the page finds its form.
  errorReport: CreateErrorReportRequestSchema.extend({ claim: z.string().max(12) }),
  share: z.object({}),
  newsletterConfirm: LinkTokenForm,
  newsletterLeave: LinkTokenForm,
  newsletterErase: LinkTokenForm,
  // The follow form posts flat fields (FollowsFormController builds the request from them).
  follow: z.object({
    email: z.string().max(320),
    mode: z.string().max(10),
    story: z.string().max(200),
    article: z.string().max(200),
    category: z.string().max(50),
  }),
  followConfirm: LinkTokenForm,
  followLeave: LinkTokenForm,
};

/** The most characters a text field of the contract takes (through optional, default and pipe), or null. */
function maxLengthOf(schema: z.ZodType): number | null {
  let type = schema as z.ZodType & { maxLength?: number | null };
  for (;;) {
    const def = type._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType) type = def.innerType;
    else if (def.type === 'pipe' && def.in) type = def.in;
    else return type.maxLength ?? null;
  }
}

const FIELD_LIMITS = new Map(
  Object.entries(FORM_FIELDS).map(([form, schema]) => [
    form as PageFormId,
    new Map(
      Object.entries(schema.shape).flatMap(([field, type]) =>
        maxLengthOf(type as z.ZodType) === null ? [] : [[field, maxLengthOf(type as z.ZodType)!] as const],
      ),
    ),
  ]),
);

/** What may be kept of `values` for `form`: the fields its contract declares, each at most its limit. */
export function keptValues(form: PageFormId, values: Record<string, string>): Record<string, string> {
  const limits = FIELD_LIMITS.get(form)!;
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    const limit = limits.get(field);
    if (limit === undefined) continue;
    // Cut between two characters, never inside a surrogate pair.
    kept[field] = value.length <= limit ? value : value.slice(0, /[\uD800-\uDBFF]/.test(value[limit - 1]!) ? limit - 1 : limit);
  }
  return kept;
}

/**
 * Keeps an outcome within the family's budget, in one step: drops the expired ones from the index,
 * evicts the oldest while the budget is full, then keeps the new one. The index's scores rise strictly
 * in the order outcomes were kept: one kept in the same millisecond as the newest is scored a
 * millisecond after it (equal scores would order by the random id, and evict a newer one first).
 * KEYS: the index, the new outcome's key; ARGV: now (ms), its expiry (ms), its TTL (s), the budget,
 * the outcome, its id, the outcomes' key prefix.
 */
const KEEP = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4]) + 1
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[1], over)
  for i = 1, #oldest, 2 do redis.call('DEL', ARGV[7] .. oldest[i]) end
end
local score = tonumber(ARGV[2])
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] and tonumber(newest[2]) >= score then score = tonumber(newest[2]) + 1 end
redis.call('SET', KEYS[2], ARGV[5], 'EX', ARGV[3])
redis.call('ZADD', KEYS[1], string.format('%.0f', score), ARGV[6])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;
const KEEP_COMMAND = 'aiMindKeepFormFlash';
type KeepCommand = Record<typeof KEEP_COMMAND, (...args: (string | number)[]) => Promise<number>>;

/** A form post as the browser sends it: each field a string (a repeated field's first value). */
export type PostedForm = Record<string, unknown>;

/** A posted field's text ('' when it is missing or not text). */
export function formField(form: PostedForm | undefined, name: string): string {
  const value = form?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/**
 * Where the reader goes back to: a path of this site only (never another origin, never //host), always
 * a valid Location header; home when the form names none. Anything else is refused (400 naming the
 * field) before the form's call runs.
 */
function backTo(value: unknown): string {
  if (value === undefined || value === '') return '/';
  const parsed = SitePathSchema.safeParse(value);
  if (!parsed.success) throw new ValidationFailedException([{ path: FORM_BACK_FIELD, message: parsed.error.issues[0]!.message }]);
  return parsed.data;
}

interface StoredFlash {
  /** The page the outcome belongs to: another page never shows it. */
  path: string;
  flash: FormFlash;
}

/**
 * The outcome of a form posted without the page's scripts, kept in Redis (any API process serves the
 * page that follows) under a random id that the redirect's URL carries: the reader's text never goes
 * into a URL, and the page shows the outcome once.
 */
@Injectable()
export class FormFlashService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rateLimiter: RateLimiterService,
  ) {
    if (!(KEEP_COMMAND in redis)) redis.defineCommand(KEEP_COMMAND, { numberOfKeys: 2, lua: KEEP });
  }

  /** Counts one answered form against `client`'s limit: 429 (and nothing kept, nothing done) over it. */
  async admit(client: string): Promise<void> {
    await this.rateLimiter.consumeAll([flashLimit(client)]);
  }

  /** Keeps `flash` for the page at `path` (its values cut to the form's field limits); returns the id to name it by. */
  async put(path: string, flash: FormFlash): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const bounded = flash.values ? { ...flash, values: keptValues(flash.form, flash.values) } : flash;
    const stored: StoredFlash = { path, flash: bounded };
    const now = Date.now();
    await (this.redis as unknown as KeepCommand)[KEEP_COMMAND](
      FLASH_INDEX,
      `${FLASH_PREFIX}${id}`,
      now,
      now + FLASH_TTL_SECONDS * 1000,
      FLASH_TTL_SECONDS,
      FLASH_BUDGET,
      JSON.stringify(stored),
      id,
      FLASH_PREFIX,
    );
    return id;
  }

  /** The outcome named `id` for the page at `path`, taken (a second look finds nothing). */
  async take(id: string, path: string): Promise<FormFlash | null> {
    if (!FLASH_ID.test(id)) return null;
    const [[, text]] = (await this.redis.multi().getdel(`${FLASH_PREFIX}${id}`).zrem(FLASH_INDEX, id).exec()) as [[Error | null, string | null], unknown];
    if (!text) return null;
    const stored = JSON.parse(text) as StoredFlash;
    return stored.path === path ? stored.flash : null;
  }
}

/** The page to come back to with the outcome's id in its query (any earlier id replaced). */
function withFlash(back: string, id: string): string {
  const url = new URL(back, 'http://this.site');
  url.searchParams.set(FORM_FLASH_PARAM, id);
  return `${url.pathname}${url.search}`;
}

/** What a refusal says: each field's first message, and what concerns the whole form. */
function refusal(error: unknown): Pick<FormFlash, 'fieldErrors' | 'notice'> | null {
  if (error instanceof ValidationFailedException) {
    const fieldErrors: Record<string, string> = {};
    const general: string[] = [];
    for (const { path, message } of error.fieldErrors) {
      if (!path) general.push(message);
      else fieldErrors[path] ??= message;
    }
    return { fieldErrors, ...(general.length > 0 ? { notice: { message: general.join(' ') } } : {}) };
  }
  // A rate limit, a missing article: the reader is told what the JSON call would say.
  if (error instanceof HttpException && error.getStatus() < 500) {
    const response = error.getResponse();
    const message = typeof response === 'string' ? response : [(response as { message?: unknown }).message ?? error.message].flat().join('; ');
    return { notice: { message: String(message) } };
  }
  return null;
}

export interface PageFormPost {
  form: PageFormId;
  articleId?: number;
  /** What the reader typed, put back in the fields when the form is refused (never a honeypot). */
  values: Record<string, string>;
  /** Runs the JSON call's own rules and service: validation, rate limits, spam screening, storing. */
  act: () => Promise<unknown>;
  /** The values the page still needs once the form went through (a checked link's token, for its next form). */
  keepValues?: boolean;
}

/**
 * Answers a public form the browser posted itself (without the page's scripts, or before them; its
 * route is a @PublicWrite(), so another site's post never gets here): runs the call, then sends the
 * reader back to the page they were on (303, a path of this site) with the outcome for that page to
 * show once: sent, or refused with the messages and what they typed. Errors that are no refusal (a
 * datastore down) answer as the API does.
 */
export async function answerPageForm(flashes: FormFlashService, reply: FastifyReply, body: PostedForm | undefined, post: PageFormPost): Promise<void> {
  const back = backTo(body?.[FORM_BACK_FIELD]);
  // Every outcome is kept for its page, refused ones too: counted before anything is done or kept.
  await flashes.admit(clientOf(reply.request));
  const about = { form: post.form, ...(post.articleId !== undefined ? { articleId: post.articleId } : {}) };
  let flash: FormFlash;
  try {
    await post.act();
    flash = { ...about, outcome: 'sent', ...(post.keepValues ? { values: post.values } : {}) };
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    flash = { ...about, outcome: 'refused', ...refused, values: post.values };
  }
  const id = await flashes.put(new URL(back, 'http://this.site').pathname, flash);
  void reply.status(303).header('location', withFlash(back, id)).header('cache-control', 'no-store');
}
