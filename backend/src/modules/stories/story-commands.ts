import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { StoryStatus } from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { storiesDb } from './tables.js';

const notFound = (what: string) => new NotFoundException({ error: 'Not Found', message: what });

/**
 * Editors' changes to stories: merge two, split an article out into a story of its own, settle one.
 * Each runs in one transaction holding the rows it changes (FOR UPDATE, in id order so two editors'
 * merges of the same pair wait rather than deadlock); the stories' triggers purge the pages it
 * changes. Publication events move with their article; reports stay with the story they arrived on
 * (a merge brings them along).
 */
@Injectable()
export class StoryCommands {
  constructor(private readonly em: EntityManager) {}

  /** Moves everything of story `id` into story `into` and removes `id`; answers `into`. */
  async merge(id: number, into: number): Promise<number> {
    if (id === into) throw new ValidationFailedException([{ path: 'intoStoryId', message: 'must be another story' }]);
    return this.em.transactional(async (em) => {
      const db = storiesDb(em);
      const locked = await db.selectFrom('story').select('id').where('id', 'in', [id, into]).orderBy('id').forUpdate().execute();
      if (!locked.some((row) => row.id === id)) throw notFound(`No story ${id}`);
      if (!locked.some((row) => row.id === into)) throw notFound(`No story ${into}`);
      await db.updateTable('story_article').set({ story_id: into }).where('story_id', '=', id).execute();
      await db.updateTable('publication_event').set({ story_id: into }).where('story_id', '=', id).execute();
      await db
        .insertInto('story_report')
        .columns(['story_id', 'key', 'outlet', 'title', 'link', 'at_approval', 'arrived_at'])
        .expression((eb) =>
          eb
            .selectFrom('story_report')
            .select([sql<number>`${into}::int`.as('story_id'), 'key', 'outlet', 'title', 'link', 'at_approval', 'arrived_at'])
            .where('story_id', '=', id),
        )
        .onConflict((conflict) => conflict.columns(['story_id', 'key']).doNothing())
        .execute();
      await db
        .updateTable('story')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', into)
        .execute();
      await db.deleteFrom('story').where('id', '=', id).execute();
      return into;
    });
  }

  /** Moves article `articleId` of story `id` into a new story of its own (titled `title`, else as the article); answers the new story. */
  async split(id: number, articleId: number, title: string | undefined): Promise<number> {
    return this.em.transactional(async (em) => {
      const db = storiesDb(em);
      const story = await db.selectFrom('story').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!story) throw notFound(`No story ${id}`);
      const members = await db
        .selectFrom('story_article as sa')
        .innerJoin('article as a', 'a.id', 'sa.article_id')
        .select(['sa.article_id', 'a.title', 'a.category_slug'])
        .where('sa.story_id', '=', id)
        .execute();
      const article = members.find((member) => member.article_id === articleId);
      if (!article) throw notFound(`Article ${articleId} is not in story ${id}`);
      if (members.length === 1) {
        throw new ValidationFailedException([{ path: 'articleId', message: 'is the only article of its story' }]);
      }
      const { rows } = await sql<{ id: number }>`
        with made as (select nextval(pg_get_serial_sequence('story', 'id'))::int as id)
        insert into story (id, slug, title, category)
        select made.id, story_slug(${title ?? article.title}, made.id), left(${title ?? article.title}, 300), left(${article.category_slug}, 100) from made
        returning id`.execute(db);
      const created = rows[0]!.id;
      await db
        .updateTable('story_article')
        .set({ story_id: created, joined_at: sql<Date>`now()` })
        .where('article_id', '=', articleId)
        .execute();
      await db.updateTable('publication_event').set({ story_id: created }).where('article_id', '=', articleId).execute();
      return created;
    });
  }

  /** Settles a story (its page stops being live) or opens it again. */
  async setStatus(id: number, status: StoryStatus): Promise<void> {
    const result = await storiesDb(this.em.fork())
      .updateTable('story')
      .set({ status, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(`No story ${id}`);
  }
}
