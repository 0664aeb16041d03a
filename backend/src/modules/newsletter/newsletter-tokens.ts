import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mailboxOf } from './newsletter-mailbox.js';

/**
 * The signed tokens of the newsletter's email links. A token names the subscriber row and is signed
 * with the list's secret over the row's id and address, so it works for that address only: an
 * address erased and signed up again gets a new row, and the old links no longer work. Confirmation
 * tokens carry their expiry; unsubscribe tokens work for as long as the row exists. The follows
 * module signs its own links the same way, with purposes of its own (a follow's token never works as
 * a newsletter one, nor the other way), naming a follow row and its recipient.
 */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'follow-confirm' | 'follow-unsubscribe';

/** The purposes whose tokens expire (their expiry is signed in). */
const EXPIRING: ReadonlySet<TokenPurpose> = new Set(['confirm', 'follow-confirm']);

export interface TokenSubject {
  id: number;
  email: string;
}

function signature(secret: string, purpose: TokenPurpose, subject: TokenSubject, expires: number | null): string {
  return createHmac('sha256', secret)
    .update(`${purpose}|${subject.id}|${subject.email.toLowerCase()}|${expires ?? ''}`)
    .digest('base64url');
}

export function confirmationToken(secret: string, subject: TokenSubject, expiresAt: Date, purpose: 'confirm' | 'follow-confirm' = 'confirm'): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${subject.id}.${expires}.${signature(secret, purpose, subject, expires)}`;
}

export function unsubscribeToken(secret: string, subject: TokenSubject, purpose: 'unsubscribe' | 'follow-unsubscribe' = 'unsubscribe'): string {
  return `${subject.id}.${signature(secret, purpose, subject, null)}`;
}

const CONFIRM = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/;
const UNSUBSCRIBE = /^(\d{1,15})\.([\w-]{43})$/;

/** The row a token names and its expiry, before the signature is checked against the row's address. */
export function readToken(purpose: TokenPurpose, token: string): { id: number; expires: number | null; signature: string } | null {
  if (EXPIRING.has(purpose)) {
    const match = CONFIRM.exec(token);
    return match ? { id: Number(match[1]), expires: Number(match[2]), signature: match[3]! } : null;
  }
  const match = UNSUBSCRIBE.exec(token);
  return match ? { id: Number(match[1]), expires: null, signature: match[2]! } : null;
}

/** Whether `token` was signed for this subscriber (and, for a confirmation, has not expired at `now`). */
export function tokenValid(secret: string, purpose: TokenPurpose, token: string, subject: TokenSubject, now = new Date()): boolean {
  const read = readToken(purpose, token);
  if (!read || read.id !== subject.id) return false;
  if (read.expires !== null && read.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, purpose, subject, read.expires));
  const given = Buffer.from(read.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The one-way fingerprint of an address's mailbox (see mailboxOf): what an erased address leaves on
 * the suppression list, and the key of the mailbox's limits, so no spelling of it gets past either.
 */
export function suppressionHash(email: string): string {
  return createHash('sha256').update(mailboxOf(email)).digest('hex');
}
