import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A first-party, random reader id that makes a like or share count once per reader. It identifies a
 * browser, not a person, carries nothing else and is needed for the like button to work as the reader
 * expects, so it is strictly necessary and set without consent.
 */
export const VISITOR_COOKIE = 'ai_mind_visitor';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The reader's id from their cookie, or a new one set on the reply (a forged or garbled value is replaced). */
export function visitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && UUID.test(existing)) return existing;
  const fresh = randomUUID();
  void reply.setCookie(VISITOR_COOKIE, fresh, { httpOnly: true, secure, sameSite: 'lax', path: '/api/interactions', maxAge: ONE_YEAR_SECONDS });
  return fresh;
}
