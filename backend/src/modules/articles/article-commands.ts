import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { VERSION_CONFLICT_PREFIX, type CorrectionKind } from '@ai-mind/contracts';
import { sql, type Updateable } from 'kysely';
import { articlesDb, type ArticlesDatabase } from './tables.js';
import { ARTICLE_SELECTION, type ArticleRow } from './article-row.js';
import { refuseWriter, writerScope, type Reviewer } from './article-review.store.js';
import { adminActor, setActor, ArticleWriter, type Actor } from './article-writer.js';
import { draftProblem, publishedTitleSet } from './problematic-drafts.js';
import { sanitizeArticleBody } from './article-sanitizer-pool.js';

/**
 * Removes what other modules keep of deleted articles (their own rows: comments, reports, a topic's
 * link), inside the deleting transaction. The caller that spans those modules passes it (editorial-desk):
 * each module writes only its own tables, and this one imports none of them.
 */
export type ArticleDependents = (em: EntityManager, articleIds: number[]) => Promise<void>;

/** Columns an update sets. */
type ArticleChanges = Updateable<ArticlesDatabase['article']>;

export interface DraftInput {
  title: string;
  slug: string;
  content: string;
  category: string;
  imageUrl: string | null;
  sourceUrl: string | null;
  aiCommentary: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export interface EditorChanges {
  title: string;
  content: string;
  metaDescription?: string;
}

export interface ProblemDraft {
  id: number;
  title: string;
  reason: string;
}

/**
 * Every write of the `article` table by editors, jobs and other modules (readers' counts are
 * ArticleReaderCounts', recovery's ArticleRecoveryStore's, the review stage's ArticleReviewStore's). Each
 * write runs in a transaction that names its actor for the article_history trigger
 * (article-history.sql.ts), which writes the revision from the committed row, and the http_cache_article
 * trigger (article-purge.sql.ts) queues the purge of what it changed (see ArticleWriter); jobs change only the columns they own; editors' saves carry the
 * version they loaded and are refused over a newer change; deletes re-check their condition in the
 * deleting statement.
 */
@Injectable()
export class ArticleCommands {
  constructor(private readonly writer: ArticleWriter) {}

  // Editors' writes

  /**
   * Publishes; with `expectedVersion`, only over the version the editor loaded. `beforePublish` runs
   * first in the same transaction (the claims' verdict), so what it decides holds for what is published.
   */
  publish(id: number, actor: Actor, expectedVersion?: number, beforePublish?: (em: EntityManager) => Promise<void>): Promise<ArticleRow> {
    return this.writer.write(actor, async (em) => {
      await beforePublish?.(em);
      return this.updateChecked(em, id, expectedVersion, { approved: true });
    });
  }

  /**
   * Saves an editor's or a writer's changes; a writer's only on their own or assigned drafts, said in
   * the saving statement (403 otherwise). The stage and any schedule stay as they are.
   */
  async saveEdit(id: number, changes: EditorChanges, reviewer: Reviewer, expectedVersion?: number): Promise<ArticleRow> {
    const sets: ArticleChanges = { title: changes.title, content: await sanitizeArticleBody(changes.content) };
    if (changes.metaDescription !== undefined) sets.meta_description = changes.metaDescription || null;
    return this.writer.write(adminActor(reviewer.username), (em) => this.updateChecked(em, id, expectedVersion, sets, reviewer));
  }

  /**
   * Puts an earlier revision's title, content, category and SEO fields back, as a new revision
   * (action 'restore'); status, image, commentary and counters stay as they are now.
   */
  restoreRevision(id: number, revisionId: number, actor: Actor, expectedVersion: number): Promise<ArticleRow> {
    return this.writer.write(
      actor,
      async (em) => {
        const revision = await articlesDb(em)
          .selectFrom('article_revision')
          .select('snapshot')
          .where('id', '=', BigInt(revisionId))
          .where('article_id', '=', id)
          .executeTakeFirst();
        if (!revision) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} has no revision ${revisionId}` });
        const old = revision.snapshot;
        return this.updateChecked(em, id, expectedVersion, {
          title: old.title,
          content: old.content,
          category: old.category,
          meta_title: old.meta_title ?? null,
          meta_description: old.meta_description ?? null,
        });
      },
      'restore',
    );
  }

  /**
   * Deletes the article for good: a tombstone (so no recovery brings it back) and, through `dependents`,
   * its comments, reports and approved topic's link, in one transaction; with `expectedVersion`, only
   * the version the editor saw.
   */
  delete(id: number, actor: Actor, expectedVersion: number | undefined, dependents: ArticleDependents): Promise<void> {
    return this.writer.write(actor, async (em) => {
      const deleted = await articlesDb(em)
        .deleteFrom('article')
        .where('id', '=', id)
        .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
        .returning(['id', 'slug', 'title'])
        .executeTakeFirst();
      if (!deleted) await this.explainMiss(em, id);
      await this.afterDelete(em, [deleted!], actor, dependents);
    });
  }

  /**
   * Deletes every draft that draftProblem flags and says which and why. The deleting statement
   * re-checks each one: still a draft, and still the version that was judged; a draft published or
   * edited in between is left alone.
   */
  deleteProblematicDrafts(actor: Actor, dependents: ArticleDependents): Promise<ProblemDraft[]> {
    return this.writer.write(actor, async (em) => {
      const [drafts, published] = await Promise.all([
        articlesDb(em).selectFrom('article').select(['id', 'title', 'content', 'version']).where('approved', '=', false).execute(),
        articlesDb(em).selectFrom('article').select('title').where('approved', '=', true).execute(),
      ]);
      const titles = publishedTitleSet(published.map((row) => row.title));
      const flagged = drafts.flatMap((draft) => {
        const reason = draftProblem(draft, titles);
        return reason ? [{ draft, reason }] : [];
      });
      if (flagged.length === 0) return [];
      // Raw: a delete joined to two arrays unnested side by side (each id with the version that was judged).
      const deleted = await em.execute<{ id: number; slug: string; title: string }[]>(
        `delete from article a using unnest(array[?]::int[], array[?]::int[]) as judged(id, version)
          where a.id = judged.id and a.version = judged.version and a.approved = false
          returning a.id, a.slug, a.title`,
        [flagged.map((f) => f.draft.id), flagged.map((f) => f.draft.version)],
      );
      await this.afterDelete(em, deleted, actor, dependents);
      const gone = new Set(deleted.map((row) => row.id));
      return flagged.filter((f) => gone.has(f.draft.id)).map((f) => ({ id: f.draft.id, title: f.draft.title, reason: f.reason }));
    });
  }

  // Jobs' and other modules' writes: each changes only its own columns

  /** Points the article at its new image; false when the article is gone. */
  async setImage(id: number, imageUrl: string, actor: Actor): Promise<boolean> {
    return this.writer.write(
      actor,
      async (em) =>
        (await articlesDb(em)
          .updateTable('article')
          .set({ image_url: imageUrl, updated_at: sql`now()` })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst()) !== undefined,
    );
  }

  /** Writes the AI commentary unless the article has one by now. */
  async setCommentaryIfMissing(id: number, commentary: string, actor: Actor): Promise<boolean> {
    return this.writer.write(actor, async (em) => {
      const row = await articlesDb(em)
        .updateTable('article')
        .set({ ai_commentary: commentary, updated_at: sql`now()` })
        .where('id', '=', id)
        .where((eb) => eb.fn.coalesce(eb.fn<string>('trim', ['ai_commentary']), eb.val('')), '=', '')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  /** Inserts a draft in `em`'s transaction (the caller's, which links it to its topic). */
  async insertDraft(em: EntityManager, input: DraftInput, actor: Actor): Promise<ArticleRow> {
    const content = await sanitizeArticleBody(input.content);
    await setActor(em, actor);
    const now = sql<Date>`now()`;
    const row = await articlesDb(em)
      .insertInto('article')
      .values({
        title: input.title,
        slug: input.slug,
        content,
        category: input.category,
        image_url: input.imageUrl,
        source_url: input.sourceUrl,
        ai_commentary: input.aiCommentary,
        approved: false,
        meta_title: input.metaTitle,
        meta_description: input.metaDescription,
        created_at: now,
        updated_at: now,
      })
      .returning(ARTICLE_SELECTION)
      .$castTo<ArticleRow>()
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Whether a slug is taken, in `em`'s transaction. */
  async slugTaken(em: EntityManager, slug: string): Promise<boolean> {
    return (await articlesDb(em).selectFrom('article').select(sql.lit(1).as('taken')).where('slug', '=', slug).executeTakeFirst()) !== undefined;
  }

  // Corrections and update notes

  /**
   * Adds a dated note to a published article, as a revision of its history (action 'correction'). The
   * updating statement re-checks that the article is published (and, with `expectedVersion`, still the
   * version the editor saw); the note's time is the transaction's.
   */
  addCorrection(id: number, note: { kind: CorrectionKind; text: string; covers?: string[] }, actor: Actor, expectedVersion?: number): Promise<ArticleRow> {
    return this.writer.write(
      actor,
      async (em) => {
        const covers = JSON.stringify(note.covers?.length ? { covers: note.covers } : {});
        const row = await articlesDb(em)
          .updateTable('article')
          .set({
            // The note's id and time are PostgreSQL's (the transaction's time), built in jsonb.
            corrections: sql<ArticleRow['corrections']>`corrections || jsonb_build_array(jsonb_build_object(
              'id', gen_random_uuid()::text, 'kind', ${note.kind}::text, 'text', ${note.text}::text,
              'createdAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) || ${covers}::jsonb)`,
            updated_at: sql`now()`,
          })
          .where('id', '=', id)
          .where('approved', '=', true)
          .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
          .returning(ARTICLE_SELECTION)
          .$castTo<ArticleRow>()
          .executeTakeFirst();
        if (row) return row;
        if ((await articlesDb(em).selectFrom('article').select('id').where('id', '=', id).where('approved', '=', false).executeTakeFirst()) !== undefined) {
          throw new ConflictException({ error: 'Conflict', message: `Article ${id} is a draft: corrections and update notes are for published articles.` });
        }
        return this.explainMiss(em, id);
      },
      'correction',
    );
  }

  // Internals

  private async updateChecked(
    em: EntityManager,
    id: number,
    expectedVersion: number | undefined,
    sets: ArticleChanges,
    reviewer?: Reviewer,
  ): Promise<ArticleRow> {
    const row = await articlesDb(em)
      .updateTable('article')
      .set({ ...sets, updated_at: sql`now()` })
      .where('id', '=', id)
      .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
      .$if(reviewer !== undefined && !reviewer.editsAny, (query) => query.where(writerScope(reviewer!)))
      .returning(ARTICLE_SELECTION)
      .$castTo<ArticleRow>()
      .executeTakeFirst();
    if (!row) {
      if (reviewer) await refuseWriter(em, id, reviewer);
      await this.explainMiss(em, id);
    }
    return row!;
  }

  /** A versioned write that touched nothing: 404 when the article is gone, else 409 naming the newer change. */
  private async explainMiss(em: EntityManager, id: number): Promise<never> {
    const latest = await articlesDb(em)
      .selectFrom('article as a')
      .leftJoinLateral(
        (eb) => eb.selectFrom('article_revision').select(['actor', 'created_at']).whereRef('article_id', '=', 'a.id').orderBy('id', 'desc').limit(1).as('r'),
        (join) => join.onTrue(),
      )
      .select(['a.version', 'a.title', 'r.actor', 'r.created_at'])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!latest) throw new NotFoundException({ error: 'Not Found', message: `Blog ${id} not found` });
    const when = latest.created_at ? `${new Date(latest.created_at).toISOString().replace('T', ' ').slice(0, 19)} UTC` : 'an unknown time';
    const message = `${VERSION_CONFLICT_PREFIX}: ${latest.actor ?? 'someone'} changed "${latest.title}" at ${when} (now version ${latest.version}). Reload to see their change.`;
    throw new ConflictException({ error: 'Conflict', message });
  }

  private async afterDelete(
    em: EntityManager,
    deleted: { id: number; slug: string; title: string }[],
    actor: Actor,
    dependents: ArticleDependents,
  ): Promise<void> {
    if (deleted.length === 0) return;
    const ids = deleted.map((row) => row.id);
    const deletedBy = actor.replace(/^admin:/, '').slice(0, 100);
    await articlesDb(em)
      .insertInto('deleted_article')
      .values(deleted.map((row) => ({ article_id: row.id, slug: row.slug, title: row.title, deleted_by: deletedBy, deleted_at: sql<Date>`now()` })))
      .execute();
    // Comments, error reports and topics outlive a lost row (recovery brings the article back); a deliberate delete takes them along.
    await dependents(em, ids);
  }
}
