import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { articlesDb } from './tables.js';
import type { RevisionRow } from './article-revision.entity.js';

/**
 * An article's history as the article_history trigger wrote it (`article_revision`): its revisions,
 * its first draft and its newest publishing. Restoring a revision is an edit (ArticleCommands).
 */
@Injectable()
export class ArticleHistory {
  constructor(private readonly em: EntityManager) {}

  /**
   * The newest publishing of the article (who and when), if its history has one, with the name readers
   * are given for the editor who let it through: the account's display name (its username when the
   * account is gone) of whoever published it, or of whoever scheduled it when a job published it.
   */
  async lastPublished(articleId: number): Promise<{ actor: string; created_at: Date; editor_name: string | null } | null> {
    const row = await articlesDb(this.em.fork())
      .selectFrom('article_revision as p')
      .select((eb) => [
        'p.actor',
        'p.created_at',
        eb
          .selectFrom('article_revision as r')
          .leftJoin('admin_user as u', (join) => join.on('r.actor', '=', sql<string>`'admin:' || u.username`))
          .select((inner) => inner.fn.coalesce('u.display_name', inner.fn<string>('substr', ['r.actor', sql.lit(7)])).as('editor_name'))
          .whereRef('r.article_id', '=', 'p.article_id')
          .whereRef('r.id', '<=', 'p.id')
          .where('r.actor', 'like', 'admin:%')
          .where('r.action', 'in', ['publish', 'schedule'])
          .orderBy('r.id', 'desc')
          .limit(1)
          .as('editor_name'),
      ])
      .where('p.article_id', '=', articleId)
      .where('p.action', '=', 'publish')
      .orderBy('p.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The article as it was first written (its 'create' revision): who wrote it and its body. */
  async firstDraft(articleId: number): Promise<{ actor: string; content: string } | null> {
    const row = await articlesDb(this.em.fork())
      .selectFrom('article_revision')
      .select((eb) => ['actor', eb.ref('snapshot', '->>').key('content').as('content')])
      .where('article_id', '=', articleId)
      .where('action', '=', 'create')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * What the history says of an article's review, for its AI involvement grade (ArticleProvenanceService.record):
   * - `editor`: the account whose publish or schedule step led to the newest publication (a revision by
   *   `admin:<username>` of a person with an account: jobs, the automation service, SQL and the seed have none);
   * - `decidedAt`: that step's time (a scheduled article is published later by a job: the review ended when it was scheduled),
   *   else the newest publication's;
   * - `firstReviewAt`: the first review step before it, a revision whose stage moved to in_review,
   *   changes_requested or ready (a publish alone is not a review step).
   */
  async reviewFacts(articleId: number): Promise<{ editor: { accountId: number; name: string } | null; decidedAt: Date | null; firstReviewAt: Date | null }> {
    // Raw: three lookups over one article's revisions (index article_id, id desc), clearer as one statement with CTEs.
    const [row] = await this.em
      .fork()
      .execute<{ account_id: number | null; editor_name: string | null; decided_at: Date | null; first_review_at: Date | null }[]>(
        `with published as (
         select id, created_at from article_revision where article_id = ? and action = 'publish' order by id desc limit 1
       ), decided as (
         select r.id, r.created_at, u.id as account_id, coalesce(u.display_name, u.username) as editor_name
           from article_revision r join published p on r.id <= p.id
           join admin_user u on r.actor = 'admin:' || u.username
          where r.article_id = ? and r.action in ('publish', 'schedule')
          order by r.id desc limit 1
       )
       select d.account_id, d.editor_name, coalesce(d.created_at, p.created_at) as decided_at,
              (select min(s.created_at) from article_revision s
                where s.article_id = ? and s.id < coalesce(d.id, p.id) and 'stage' = any(s.changed)
                  and s.snapshot->>'stage' in ('in_review', 'changes_requested', 'ready')) as first_review_at
         from published p left join decided d on true`,
        [articleId, articleId, articleId],
      );
    if (!row) return { editor: null, decidedAt: null, firstReviewAt: null };
    return {
      editor: row.account_id !== null ? { accountId: row.account_id, name: row.editor_name! } : null,
      decidedAt: row.decided_at ? new Date(row.decided_at) : null,
      firstReviewAt: row.first_review_at ? new Date(row.first_review_at) : null,
    };
  }

  /**
   * How many of these claim overrides were made without a note: an override is recorded on each claim
   * (who and when) in the publish or schedule step's transaction, whose revision keeps the step's note,
   * so the override's note is the note of that editor's revision of the same transaction time.
   */
  async overridesWithoutNote(articleId: number, overrides: { by: string; at: string }[]): Promise<number> {
    if (overrides.length === 0) return 0;
    const noted = await articlesDb(this.em.fork())
      .selectFrom('article_revision')
      .select(['actor', 'created_at'])
      .where('article_id', '=', articleId)
      .where('action', 'in', ['publish', 'schedule'])
      .where('actor', 'in', [...new Set(overrides.map((override) => `admin:${override.by}`))])
      .where(sql<boolean>`nullif(btrim(note), '') is not null`)
      .execute();
    const withNote = new Set(noted.map((row) => `${row.actor}\n${new Date(row.created_at).getTime()}`));
    return overrides.filter((override) => !withNote.has(`admin:${override.by}\n${new Date(override.at).getTime()}`)).length;
  }

  /** An article's revisions, newest first. */
  revisions(articleId: number): Promise<RevisionRow[]> {
    return this.rows().where('article_id', '=', articleId).orderBy('id', 'desc').execute();
  }

  async revision(articleId: number, revisionId: number): Promise<RevisionRow | null> {
    return (await this.rows().where('id', '=', BigInt(revisionId)).where('article_id', '=', articleId).executeTakeFirst()) ?? null;
  }

  private rows() {
    // Typed as PostgreSQL returns them (RevisionRow): the bigints as text, the snapshot an ArticleRow.
    return articlesDb(this.em.fork()).selectFrom('article_revision').selectAll().$castTo<RevisionRow>();
  }
}
