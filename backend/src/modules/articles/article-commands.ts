import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { VERSION_CONFLICT_PREFIX, type CorrectionKind } from '@ai-mind/contracts';
import { sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';
import { articleColumnList, type ArticleRow } from './article-row.js';
import { refuseWriter, writerScope, type Reviewer } from './article-review.store.js';
import { adminActor, setActor, ArticleWriter, type Actor } from './article-writer.js';
import { draftProblem, publishedTitleSet } from './problematic-drafts.js';

const COLUMNS = articleColumnList();

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
 * write runs in a transaction that names its actor for the article_history trigger, which writes the
 * revision from the committed row; jobs change only the columns they own; editors' saves carry the
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
      return this.updateChecked(em, id, expectedVersion, 'approved = true', []);
    });
  }

  /**
   * Saves an editor's or a writer's changes; a writer's only on their own or assigned drafts, said in
   * the saving statement (403 otherwise). The stage and any schedule stay as they are.
   */
  saveEdit(id: number, changes: EditorChanges, reviewer: Reviewer, expectedVersion?: number): Promise<ArticleRow> {
    const sets = ['title = ?', 'content = ?'];
    const values: unknown[] = [changes.title, sanitizeArticleHtml(changes.content)];
    if (changes.metaDescription !== undefined) {
      sets.push('meta_description = ?');
      values.push(changes.metaDescription || null);
    }
    return this.writer.write(adminActor(reviewer.username), (em) => this.updateChecked(em, id, expectedVersion, sets.join(', '), values, reviewer));
  }

  /**
   * Puts an earlier revision's title, content, category and SEO fields back, as a new revision
   * (action 'restore'); status, image, commentary and counters stay as they are now.
   */
  restoreRevision(id: number, revisionId: number, actor: Actor, expectedVersion: number): Promise<ArticleRow> {
    return this.writer.write(
      actor,
      async (em) => {
        const [revision] = await em.execute<{ snapshot: ArticleRow }[]>('select snapshot from article_revision where id = ? and article_id = ?', [revisionId, id]);
        if (!revision) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} has no revision ${revisionId}` });
        const old = revision.snapshot;
        return this.updateChecked(em, id, expectedVersion, 'title = ?, content = ?, category = ?, meta_title = ?, meta_description = ?', [
          old.title,
          old.content,
          old.category,
          old.meta_title ?? null,
          old.meta_description ?? null,
        ]);
      },
      'restore',
    );
  }

  /**
   * Deletes the article for good: a tombstone (so no recovery brings it back), its comments, and its
   * approved topic's link, in one transaction; with `expectedVersion`, only the version the editor saw.
   */
  delete(id: number, actor: Actor, expectedVersion?: number): Promise<void> {
    return this.writer.write(actor, async (em) => {
      const versionCheck = expectedVersion === undefined ? '' : ' and version = ?';
      const [deleted] = await em.execute<{ id: number; slug: string; title: string }[]>(
        `delete from article where id = ?${versionCheck} returning id, slug, title`,
        expectedVersion === undefined ? [id] : [id, expectedVersion],
      );
      if (!deleted) await this.explainMiss(em, id);
      await this.afterDelete(em, [deleted!], actor);
    });
  }

  /**
   * Deletes every draft that draftProblem flags and says which and why. The deleting statement
   * re-checks each one: still a draft, and still the version that was judged; a draft published or
   * edited in between is left alone.
   */
  deleteProblematicDrafts(actor: Actor): Promise<ProblemDraft[]> {
    return this.writer.write(actor, async (em) => {
      const [drafts, published] = await Promise.all([
        em.execute<{ id: number; title: string; content: string; version: number }[]>('select id, title, content, version from article where approved = false'),
        em.execute<{ title: string }[]>('select title from article where approved = true'),
      ]);
      const titles = publishedTitleSet(published.map((row) => row.title));
      const flagged = drafts.flatMap((draft) => {
        const reason = draftProblem(draft, titles);
        return reason ? [{ draft, reason }] : [];
      });
      if (flagged.length === 0) return [];
      const deleted = await em.execute<{ id: number; slug: string; title: string }[]>(
        `delete from article a using unnest(array[?]::int[], array[?]::int[]) as judged(id, version)
          where a.id = judged.id and a.version = judged.version and a.approved = false
          returning a.id, a.slug, a.title`,
        [flagged.map((f) => f.draft.id), flagged.map((f) => f.draft.version)],
      );
      await this.afterDelete(em, deleted, actor);
      const gone = new Set(deleted.map((row) => row.id));
      return flagged.filter((f) => gone.has(f.draft.id)).map((f) => ({ id: f.draft.id, title: f.draft.title, reason: f.reason }));
    });
  }

  // Jobs' and other modules' writes: each changes only its own columns

  /** Points the article at its new image; false when the article is gone. */
  async setImage(id: number, imageUrl: string, actor: Actor): Promise<boolean> {
    return this.writer.write(actor, async (em) => (await em.execute('update article set image_url = ?, updated_at = now() where id = ? returning id', [imageUrl, id])).length > 0);
  }

  /** Writes the AI commentary unless the article has one by now. */
  async setCommentaryIfMissing(id: number, commentary: string, actor: Actor): Promise<boolean> {
    return this.writer.write(actor, async (em) => {
      const rows = await em.execute(
        `update article set ai_commentary = ?, updated_at = now() where id = ? and coalesce(trim(ai_commentary), '') = '' returning id`,
        [commentary, id],
      );
      return rows.length > 0;
    });
  }

  /** Inserts a draft in `em`'s transaction (the caller's, which links it to its topic). */
  async insertDraft(em: EntityManager, input: DraftInput, actor: Actor): Promise<ArticleRow> {
    await setActor(em, actor);
    const [row] = await em.execute<ArticleRow[]>(
      `insert into article (title, slug, content, category, image_url, source_url, ai_commentary, approved, meta_title, meta_description, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, false, ?, ?, now(), now()) returning ${COLUMNS}`,
      [input.title, input.slug, sanitizeArticleHtml(input.content), input.category, input.imageUrl, input.sourceUrl, input.aiCommentary, input.metaTitle, input.metaDescription],
    );
    return row!;
  }

  /** Whether a slug is taken, in `em`'s transaction. */
  async slugTaken(em: EntityManager, slug: string): Promise<boolean> {
    return (await em.execute('select 1 from article where slug = ?', [slug])).length > 0;
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
        const versionCheck = expectedVersion === undefined ? '' : ' and version = ?';
        const [row] = await em.execute<ArticleRow[]>(
          `update article set corrections = corrections || jsonb_build_array(jsonb_build_object(
             'id', gen_random_uuid()::text, 'kind', ?::text, 'text', ?::text,
             'createdAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) || ?::jsonb), updated_at = now()
            where id = ? and approved = true${versionCheck} returning ${COLUMNS}`,
          [note.kind, note.text, JSON.stringify(note.covers?.length ? { covers: note.covers } : {}), id, ...(expectedVersion === undefined ? [] : [expectedVersion])],
        );
        if (row) return row;
        if ((await em.execute('select 1 from article where id = ? and approved = false', [id])).length > 0) {
          throw new ConflictException({ error: 'Conflict', message: `Article ${id} is a draft: corrections and update notes are for published articles.` });
        }
        return this.explainMiss(em, id);
      },
      'correction',
    );
  }


  // Internals

  private async updateChecked(em: EntityManager, id: number, expectedVersion: number | undefined, sets: string, values: unknown[], reviewer?: Reviewer): Promise<ArticleRow> {
    const versionCheck = expectedVersion === undefined ? '' : ' and version = ?';
    const scope = reviewer ? writerScope(reviewer) : { sql: '', params: [] };
    const [row] = await em.execute<ArticleRow[]>(
      `update article set ${sets}, updated_at = now() where id = ?${versionCheck}${scope.sql} returning ${COLUMNS}`,
      [...values, id, ...(expectedVersion === undefined ? [] : [expectedVersion]), ...scope.params],
    );
    if (!row) {
      if (reviewer) await refuseWriter(em, id, reviewer);
      await this.explainMiss(em, id);
    }
    return row!;
  }

  /** A versioned write that touched nothing: 404 when the article is gone, else 409 naming the newer change. */
  private async explainMiss(em: EntityManager, id: number): Promise<never> {
    const [latest] = await em.execute<{ version: number; title: string; actor: string | null; created_at: Date | null }[]>(
      `select a.version, a.title, r.actor, r.created_at from article a
         left join lateral (select actor, created_at from article_revision where article_id = a.id order by id desc limit 1) r on true
        where a.id = ?`,
      [id],
    );
    if (!latest) throw new NotFoundException({ error: 'Not Found', message: `Blog ${id} not found` });
    const when = latest.created_at ? `${new Date(latest.created_at).toISOString().replace('T', ' ').slice(0, 19)} UTC` : 'an unknown time';
    const message = `${VERSION_CONFLICT_PREFIX}: ${latest.actor ?? 'someone'} changed "${latest.title}" at ${when} (now version ${latest.version}). Reload to see their change.`;
    throw new ConflictException({ error: 'Conflict', message });
  }

  private async afterDelete(em: EntityManager, deleted: { id: number; slug: string; title: string }[], actor: Actor): Promise<void> {
    if (deleted.length === 0) return;
    const ids = deleted.map((row) => row.id);
    await em.execute(
      `insert into deleted_article (article_id, slug, title, deleted_by, deleted_at) values ${deleted.map(() => '(?, ?, ?, ?, now())').join(', ')}`,
      deleted.flatMap((row) => [row.id, row.slug, row.title, actor.replace(/^admin:/, '').slice(0, 100)]),
    );
    // Comments, error reports and topics outlive a lost row (recovery brings the article back); a deliberate delete takes them along.
    await em.execute('delete from comment where article_id in (?)', [ids]);
    await em.execute('delete from error_report where article_id in (?)', [ids]);
    await em.execute('update approved_topic set article_id = null where article_id in (?)', [ids]);
  }
}
