import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { FORM_BACK_FIELD, FORM_FLASH_PARAM, SitePathSchema, type FormFlash, type PageFormId } from '@ai-mind/contracts';
import { REDIS } from './redis.token.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

const FLASH_PREFIX = 'ai-mind:form-flash:';
/** Long enough for a slow phone to follow the redirect; the outcome is taken by the first page that shows it. */
const FLASH_TTL_SECONDS = 300;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;

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
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Keeps `flash` for the page at `path`; returns the id to name it by. */
  async put(path: string, flash: FormFlash): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const stored: StoredFlash = { path, flash };
    await this.redis.set(`${FLASH_PREFIX}${id}`, JSON.stringify(stored), 'EX', FLASH_TTL_SECONDS);
    return id;
  }

  /** The outcome named `id` for the page at `path`, taken (a second look finds nothing). */
  async take(id: string, path: string): Promise<FormFlash | null> {
    if (!FLASH_ID.test(id)) return null;
    const text = await this.redis.getdel(`${FLASH_PREFIX}${id}`);
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
