import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation } from './fediverse-federation.js';
import { replyCreate } from './reply-note.js';
import { aiReplyFields } from './site-notes.js';
import { fediverseDb } from './tables.js';

const BATCH = 20;

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
    private readonly blocks: FediverseBlocks,
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
        .returning('answered_at')
        .executeTakeFirst();
      if (!claimed?.answered_at) continue;
      // Its author or server blocked since the comment was published: nothing goes to them.
      if (await this.blocks.isBlocked(new URL(reply.actor_url))) continue;
      try {
        await this.fediverse.send(
          new URL(reply.inbox_url!),
          // The note served at its id (site-notes.ts) is made of the same fields: published is the claim's time.
          replyCreate(
            aiReplyFields({ ...reply, ai_response: reply.ai_response!, answered_at: claimed.answered_at }, this.fediverse.origin, this.fediverse.actorUri()),
          ),
        );
      } catch (error) {
        this.logger.warn({ err: error, replyId: reply.id }, "The AI's reply could not be sent back to its fediverse author");
      }
    }
    return due.length;
  }
}
