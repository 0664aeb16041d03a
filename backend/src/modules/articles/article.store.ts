import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { VERSION_CONFLICT_PREFIX, type Correction, type CorrectionKind } from '@ai-mind/contracts';
import { sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';
import type { RevisionRow } from './article-revision.entity.js';
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
 * The article store: every read and write of the `article` table outside this module goes through
 * here (recovery's through ArticleRecoveryStore, full-text search through SearchService). Each write runs in a transaction that names its actor for the article_history trigger, which
 * writes the revision from the committed row; jobs change only the columns they own; editors' saves
 * carry the version they loaded and are refused over a newer change; deletes re-check their
 * condition in the deleting statement. Recovery's reads and writes are ArticleRecoveryStore's.
 */
@Injectable()
export class ArticleStore {
  constructor(
    private readonly em: EntityManager,
    private readonly writer: ArticleWriter,
  ) {}

  // Reads

  async findById(id: number): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id = ?`, [id]);
    return row ?? null;
  }

  async findPublishedBySlug(slug: string): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where slug = ? and approved = true`, [slug]);
    return row ?? null;
  }

  async findPublishedById(id: number): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id = ? and approved = true`, [id]);
    return row ?? null;
  }

  /** The newest other published articles of the article's category (compared in its comparable form). */
  publishedInSameCategory(id: number, limit: number): Promise<{ title: string; slug: string; category: string }[]> {
    return this.em.fork().execute(
      `select a.title, a.slug, a.category from article a
        where a.approved = true and a.id <> ? and a.category_slug = (select category_slug from article where id = ?)
        order by a.created_at desc, a.id desc limit ?`,
      [id, id, limit],
    );
  }

  /** Whether the article is published, read in `em`'s transaction when given. */
  async isPublished(id: number, em: EntityManager = this.em.fork()): Promise<boolean> {
    return (await em.execute('select 1 from article where id = ? and approved = true', [id])).length > 0;
  }

  findByIds(ids: number[]): Promise<ArticleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id in (?)`, [ids]);
  }

  /** Of these ids (or all), those with a row, ascending. */
  async existingIds(ids: number[] | 'all'): Promise<number[]> {
    const em = this.em.fork();
    const rows =
      ids === 'all'
        ? await em.execute<{ id: number }[]>('select id from article order by id')
        : ids.length
          ? await em.execute<{ id: number }[]>('select id from article where id in (?) order by id', [[...new Set(ids)]])
          : [];
    return rows.map((row) => row.id);
  }

  async counts(): Promise<{ totalArticles: number; publishedArticles: number }> {
    const [row] = await this.em.fork().execute<{ total: number; published: number }[]>(
      'select count(*)::int as total, (count(*) filter (where approved))::int as published from article',
    );
    return { totalArticles: row!.total, publishedArticles: row!.published };
  }

  /** How many articles are published (the sitemap's size). */
  async publishedCount(): Promise<number> {
    const [row] = await this.em.fork().execute<{ count: number }[]>('select count(*)::int as count from article where approved = true');
    return row!.count;
  }

  /** Published articles for one sitemap file: `limit` of them after the first `offset`, newest first. */
  sitemapEntries(offset: number, limit: number): Promise<{ slug: string; category: string; updated_at: Date }[]> {
    return this.em
      .fork()
      .execute('select slug, category, updated_at from article where approved = true order by created_at desc, id desc offset ? limit ?', [offset, limit]);
  }

  /** Every published article's slug and category (what its public URL is made of), newest first. */
  publishedPaths(): Promise<{ slug: string; category: string }[]> {
    return this.em.fork().execute('select slug, category from article where approved = true order by created_at desc, id desc');
  }

  /** One row per category with published articles (its comparable form, a name as written, its newest change). */
  publishedCategories(): Promise<{ category_slug: string; category: string; updated_at: Date }[]> {
    return this.em
      .fork()
      .execute('select category_slug, min(category) as category, max(updated_at) as updated_at from article where approved = true group by category_slug order by 1');
  }

  /** Whether a published article has this category (in its comparable form). */
  async hasPublishedInCategory(categorySlug: string): Promise<boolean> {
    return (await this.em.fork().execute('select 1 from article where category_slug = ? and approved = true limit 1', [categorySlug])).length > 0;
  }

  /** Whether a list cursor names a published article (of the category, when given) at that position. */
  async isPublishedAt(id: number, createdAt: string, categorySlug: string | null): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute('select 1 from article where id = ? and created_at = ?::timestamptz and approved = true and (?::text is null or category_slug = ?)', [
        id,
        createdAt,
        categorySlug,
        categorySlug,
      ]);
    return rows.length > 0;
  }

  /** The newest published articles for the feed, with the head of their body. */
  feedItems(limit: number): Promise<{ title: string; slug: string; category: string; meta_description: string | null; content_head: string; created_at: Date }[]> {
    return this.em
      .fork()
      .execute(
        'select title, slug, category, meta_description, left(content, 4000) as content_head, created_at from article where approved = true order by created_at desc, id desc limit ?',
        [limit],
      );
  }

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

  /**
   * Counts readers' likes and shares, many in one statement, so one commit acknowledges them all
   * (group commit): each row is inserted unless that reader already has one (duplicates within the batch
   * count once), and each article's counters move by the rows actually inserted. The articles are
   * locked in id order first, so concurrent batches (other API processes) cannot deadlock on them.
   * The statement marks its counter updates as reader counts (no revision, no cache invalidation).
   * The answer, in the order asked: each article's counters after this statement, or null when the
   * article is not published. Autocommitted: when it resolves, everything in it is committed.
   */
  async countInteractions(
    batch: { id: number; type: 'like' | 'share'; content: string | null; clientHash: string; visitorId: string }[],
  ): Promise<({ likes: number; shares: number } | null)[]> {
    const rows = await this.em.fork().execute<{ ord: number; likes: number | null; shares: number | null }[]>(
      `with input as (
         -- Marks this statement's counter updates as reader counts (see article_is_reader_count): set
         -- before any row is updated, since every later part of the statement reads this one.
         select t.* from jsonb_to_recordset(?::jsonb) as t(article_id bigint, type text, content text, client_hash text, visitor_id text, ord int)
          where set_config('ai_mind.reader_counts', 'on', true) = 'on'
       ), locked as (
         select id from article where id in (select article_id from input) and approved = true order by id for update
       ), recorded as (
         insert into interaction (article_id, type, content, client_hash, visitor_id, created_at)
         select distinct on (i.article_id, i.type, i.visitor_id) i.article_id, i.type, i.content, i.client_hash, i.visitor_id, now()
           from input i join locked l on l.id = i.article_id
          order by i.article_id, i.type, i.visitor_id, i.ord
         on conflict (article_id, type, visitor_id) where visitor_id is not null do nothing
         returning article_id, type
       ), deltas as (
         select article_id, count(*) filter (where type = 'like')::int as likes, count(*) filter (where type = 'share')::int as shares
           from recorded group by article_id
       ), counted as (
         update article a set likes = a.likes + d.likes, shares = a.shares + d.shares
           from deltas d where a.id = d.article_id returning a.id, a.likes, a.shares
       )
       select i.ord, coalesce(c.likes, a.likes) as likes, coalesce(c.shares, a.shares) as shares
         from input i
         left join locked l on l.id = i.article_id
         left join article a on a.id = l.id
         left join counted c on c.id = l.id
        order by i.ord`,
      [JSON.stringify(batch.map((item, ord) => ({ article_id: item.id, type: item.type, content: item.content, client_hash: item.clientHash, visitor_id: item.visitorId, ord })))],
    );
    const answers: ({ likes: number; shares: number } | null)[] = batch.map(() => null);
    for (const row of rows) if (row.likes !== null && row.shares !== null) answers[row.ord] = { likes: row.likes, shares: row.shares };
    return answers;
  }

  /** Counts a new comment, in the transaction (`em`) that stores it. */
  async countComment(em: EntityManager, id: number): Promise<void> {
    await em.execute('update article set comments = comments + 1 where id = ?', [id]);
  }

  /**
   * Takes comments off their articles' counters (deleted, or marked spam) in the transaction `em` that
   * removes them: one id per comment, repeated for several of one article. One step of one at a time,
   * as a reader's comment counts: a moderation pass is no edit, so it neither writes a revision nor
   * moves the version an editor's save carries. Never below zero.
   */
  async uncountComments(em: EntityManager, articleIds: number[]): Promise<void> {
    for (const id of articleIds) await em.execute('update article set comments = comments - 1 where id = ? and comments > 0', [id]);
  }

  /** Counts comments again that were marked spam by mistake (one id per comment). */
  async recountComments(em: EntityManager, articleIds: number[]): Promise<void> {
    for (const id of articleIds) await this.countComment(em, id);
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

  /** Every note of every published article, newest first. */
  correctionEntries(limit: number): Promise<{ id: number; title: string; slug: string; category: string; note: Correction }[]> {
    return this.em.fork().execute(
      `select a.id, a.title, a.slug, a.category, n.note from article a cross join lateral jsonb_array_elements(a.corrections) as n(note)
        where a.corrections <> '[]'::jsonb and a.approved = true
        order by n.note->>'createdAt' desc, a.id desc limit ?`,
      [limit],
    );
  }

  // History

  /**
   * The newest publishing of the article (who and when), if its history has one, with the name readers
   * are given for the editor who let it through: the account's display name (its username when the
   * account is gone) of whoever published it, or of whoever scheduled it when a job published it.
   */
  async lastPublished(articleId: number): Promise<{ actor: string; created_at: Date; editor_name: string | null } | null> {
    const [row] = await this.em.fork().execute<{ actor: string; created_at: Date; editor_name: string | null }[]>(
      `select p.actor, p.created_at,
              (select coalesce(u.display_name, substr(r.actor, 7))
                 from article_revision r left join admin_user u on r.actor = 'admin:' || u.username
                where r.article_id = p.article_id and r.id <= p.id and r.actor like 'admin:%' and r.action in ('publish', 'schedule')
                order by r.id desc limit 1) as editor_name
         from article_revision p where p.article_id = ? and p.action = 'publish' order by p.id desc limit 1`,
      [articleId],
    );
    return row ?? null;
  }

  /** The article as it was first written (its 'create' revision): who wrote it and its body. */
  async firstDraft(articleId: number): Promise<{ actor: string; content: string } | null> {
    const [row] = await this.em
      .fork()
      .execute<{ actor: string; content: string }[]>(
        `select actor, snapshot->>'content' as content from article_revision where article_id = ? and action = 'create' order by id limit 1`,
        [articleId],
      );
    return row ?? null;
  }

  /** An article's revisions, newest first. */
  revisions(articleId: number): Promise<RevisionRow[]> {
    return this.em.fork().execute<RevisionRow[]>('select * from article_revision where article_id = ? order by id desc', [articleId]);
  }

  async revision(articleId: number, revisionId: number): Promise<RevisionRow | null> {
    const [row] = await this.em.fork().execute<RevisionRow[]>('select * from article_revision where id = ? and article_id = ?', [revisionId, articleId]);
    return row ?? null;
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
