import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Create, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { sql } from 'kysely';
import { FediverseFederation } from './fediverse-federation.js';
import { fediverseDb } from './tables.js';

const BATCH = 20;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/**
 * The AI's reply to a comment that came from the fediverse, sent back to its author as a reply to
 * their note (a Note in reply to it, mentioning them), once: the reply is marked answered whether its
 * server took it or not (a failure is logged; the comment page shows the reply either way).
 */
@Injectable()
export class AiReplySender {
  private readonly logger = new Logger(AiReplySender.name);

  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
  ) {}

  async sendDue(): Promise<number> {
    const db = fediverseDb(this.em.fork());
    const due = await db
      .selectFrom('fediverse_reply as r')
      .innerJoin('comment as c', 'c.id', 'r.comment_id')
      .select(['r.id', 'r.note_id', 'r.actor_url', 'r.handle', 'r.inbox_url', 'c.ai_response'])
      .where('r.status', '=', 'published')
      .where('r.answered_at', 'is', null)
      .where('r.inbox_url', 'is not', null)
      .where('c.ai_response', 'is not', null)
      .orderBy('r.id')
      .limit(BATCH)
      .execute();
    for (const reply of due) {
      // Claimed before it is sent: two workers never send one reply twice.
      const claimed = await db
        .updateTable('fediverse_reply')
        .set({ answered_at: sql`now()` })
        .where('id', '=', reply.id)
        .where('answered_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) continue;
      const actor = this.fediverse.actorUri();
      const id = new URL(`/ap/replies/${reply.id}`, this.fediverse.origin);
      const note = new Note({
        id,
        attribution: actor,
        replyTarget: new URL(reply.note_id),
        content: `<p><a href="${escapeHtml(reply.actor_url)}" class="u-url mention">${escapeHtml(reply.handle)}</a> ${escapeHtml(reply.ai_response!)}</p>`,
        tags: [new Mention({ href: new URL(reply.actor_url), name: reply.handle })],
        to: new URL(reply.actor_url),
        cc: PUBLIC_COLLECTION,
        published: Temporal.Now.instant(),
      });
      try {
        await this.fediverse.send(
          new URL(reply.inbox_url!),
          new Create({ id: new URL(`${id.href}#create`), actor, object: note, to: new URL(reply.actor_url), cc: PUBLIC_COLLECTION }),
        );
      } catch (error) {
        this.logger.warn({ err: error, replyId: reply.id }, "The AI's reply could not be sent back to its fediverse author");
      }
    }
    return due.length;
  }
}
