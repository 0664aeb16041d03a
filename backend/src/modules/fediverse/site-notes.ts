import type { EntityManager } from '@mikro-orm/postgresql';
import { Tombstone, type Note } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { replyNote, type ReplyNote } from './reply-note.js';
import { fediverseDb } from './tables.js';

/**
 * Where the site's own notes are served, as their ids say: `/ap/notes/<id>` is an editor's reply as
 * the site (fediverse_sent_reply), `/ap/replies/<id>` the AI's reply to a comment that came from the
 * fediverse (fediverse_reply). One Fedify object dispatcher answers both (a class has one).
 */
export const SITE_NOTE_PATH = '/ap/{kind}/{id}';
export type SiteNoteKind = 'notes' | 'replies';
const KINDS: readonly string[] = ['notes', 'replies'] satisfies SiteNoteKind[];
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2 ** 31 - 1;

export function siteNoteId(origin: string, kind: SiteNoteKind, id: number): URL {
  return new URL(`/ap/${kind}/${id}`, origin);
}

/** The note a reply row stands for: the fields its Create was made of, and its id served again the same. */
export function sentReplyFields(
  reply: { id: number; in_reply_to: string; recipient_actor_url: string; recipient_handle: string; content: string; created_at: Date | string },
  origin: string,
  actor: URL,
): ReplyNote {
  return {
    id: siteNoteId(origin, 'notes', reply.id),
    actor,
    inReplyTo: new URL(reply.in_reply_to),
    recipient: { actorUrl: new URL(reply.recipient_actor_url), handle: reply.recipient_handle },
    text: reply.content,
    published: new Date(reply.created_at),
  };
}

export function aiReplyFields(
  reply: { id: number; note_id: string; actor_url: string; handle: string; ai_response: string; answered_at: Date | string },
  origin: string,
  actor: URL,
): ReplyNote {
  return {
    id: siteNoteId(origin, 'replies', reply.id),
    actor,
    inReplyTo: new URL(reply.note_id),
    recipient: { actorUrl: new URL(reply.actor_url), handle: reply.handle },
    text: reply.ai_response,
    published: new Date(reply.answered_at),
  };
}

/**
 * The site's note at `/ap/<kind>/<id>`: the Note while it stands, a Tombstone once it is gone (a sent
 * reply deleted; an AI reply whose comment is no longer shown), null when the site never sent one there.
 */
export async function siteNote(em: EntityManager, origin: string, actor: URL, kind: string, id: string): Promise<Note | Tombstone | null> {
  if (!KINDS.includes(kind) || !ID.test(id) || Number(id) > MAX_ID) return null;
  const db = fediverseDb(em);
  if (kind === 'notes') {
    const reply = await db.selectFrom('fediverse_sent_reply').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    if (!reply) return null;
    const fields = sentReplyFields(reply, origin, actor);
    if (reply.deleted_at) return new Tombstone({ id: fields.id, deleted: instant(reply.deleted_at) });
    return replyNote(fields);
  }
  const reply = await db
    .selectFrom('fediverse_reply as r')
    .leftJoin('comment as c', 'c.id', 'r.comment_id')
    .select(['r.id', 'r.note_id', 'r.actor_url', 'r.handle', 'r.status', 'r.answered_at', 'c.ai_response'])
    .where('r.id', '=', Number(id))
    .executeTakeFirst();
  // Never sent (answered_at is set before it is): there is no note there.
  if (!reply?.answered_at) return null;
  if (reply.status !== 'published' || !reply.ai_response) return new Tombstone({ id: siteNoteId(origin, 'replies', reply.id) });
  return replyNote(aiReplyFields({ ...reply, answered_at: reply.answered_at, ai_response: reply.ai_response }, origin, actor));
}

const instant = (value: Date | string) => Temporal.Instant.fromEpochMilliseconds(new Date(value).getTime());
