import { Create, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export interface ReplyNote {
  /** The note's id on this site, where it is served (site-notes.ts). */
  id: URL;
  /** The site's actor. */
  actor: URL;
  /** The object answered. */
  inReplyTo: URL;
  /** Its author, addressed and mentioned: servers such as Mastodon show a reply to its author only when it mentions them. */
  recipient: { actorUrl: URL; handle: string };
  text: string;
  /** Kept with the reply, so the note served at its id is the one its Create carried. */
  published: Date;
}

/** A reply as the site, in the shape fediverse servers take as a reply: a Note in reply to the object, to its author (mentioned), public. */
export function replyNote(reply: ReplyNote): Note {
  return new Note({
    id: reply.id,
    attribution: reply.actor,
    replyTarget: reply.inReplyTo,
    content: `<p><a href="${escapeHtml(reply.recipient.actorUrl.href)}" class="u-url mention">${escapeHtml(reply.recipient.handle)}</a> ${escapeHtml(reply.text)}</p>`,
    tags: [new Mention({ href: reply.recipient.actorUrl, name: reply.recipient.handle })],
    to: reply.recipient.actorUrl,
    cc: PUBLIC_COLLECTION,
    published: Temporal.Instant.fromEpochMilliseconds(reply.published.getTime()),
  });
}

/** The Create that sends the reply's note. */
export function replyCreate(reply: ReplyNote): Create {
  return new Create({
    id: new URL(`${reply.id.href}#create`),
    actor: reply.actor,
    object: replyNote(reply),
    to: reply.recipient.actorUrl,
    cc: PUBLIC_COLLECTION,
  });
}
