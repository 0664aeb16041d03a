import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Article as ArticleDto } from '@ai-mind/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import type { RestoredArticle } from '@ai-mind/contracts';
import type { DeepRecoveryResult, QuickRecoveryResult, RecreateFromSitemapResult } from '../../queue/job-types.js';
import { ArticlesCacheService } from '../articles/articles-cache.service.js';
import { recordRevisions } from './article-revision.subscriber.js';
import { BackupService, type BackupSource } from './backup.service.js';
import { fetchLivePageArticle } from './live-page.js';
import { SitemapSnapshotService } from '../seo/sitemap-snapshot.service.js';

/** Reports how far a run is, in percent; the processor forwards it to the job's progress. */
export type Progress = (percent: number, message: string) => Promise<void> | void;

/** One version of an article found in a backup, a revision or a live page, with its time and origin. */
interface Candidate {
  article: ArticleDto;
  at: Date;
  source: string;
}

interface Counts {
  totalArticlesNow: number;
  publishedArticlesNow: number;
}

/** Article columns a restore writes, with their SQL types (values are inlined by the driver, so typed here). */
const COLUMNS: [string, string][] = [
  ['id', 'int'], ['title', 'varchar'], ['slug', 'varchar'], ['content', 'text'], ['category', 'varchar'], ['image_url', 'text'],
  ['source_url', 'text'], ['ai_commentary', 'text'], ['likes', 'int'], ['shares', 'int'], ['comments', 'int'], ['approved', 'boolean'],
  ['meta_title', 'varchar'], ['meta_description', 'varchar'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
];
const COLUMN_LIST = COLUMNS.map(([name]) => name).join(', ');
const VALUE_ROW = `(${COLUMNS.map(([, type]) => `?::${type}`).join(', ')})`;

function rowValues(article: ArticleDto): unknown[] {
  return [
    article.id, article.title, article.slug, article.content, article.category, article.imageUrl ?? null, article.sourceUrl ?? null,
    article.aiCommentary ?? null, article.likes ?? 0, article.shares ?? 0, article.comments ?? 0, article.approved === true,
    article.metaTitle ?? null, article.metaDescription ?? null, article.createdAt, article.updatedAt ?? article.createdAt,
  ];
}

/** Keeps, per article id, the newest version seen. */
function keepNewest(into: Map<number, Candidate>, candidate: Candidate): void {
  const current = into.get(candidate.article.id);
  if (!current || candidate.at > current.at) into.set(candidate.article.id, candidate);
}

/**
 * Puts back articles that are missing from the database: Quick (the latest backup and the latest
 * revision of each article), Deep (every backup and every revision) and Recreate (the article URLs
 * of the last generated sitemap). An article is restored with its own id, slug, counters and dates,
 * from the newest version found; never one with a tombstone (deliberately deleted), never one whose
 * id or slug is taken. Inserts are `on conflict do nothing`, so a run that overlaps a change, is
 * retried after a crash, or runs twice restores each article at most once.
 */
@Injectable()
export class ArticleRestoreService {
  private readonly logger = new Logger(ArticleRestoreService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly backups: BackupService,
    private readonly sitemaps: SitemapSnapshotService,
    private readonly cache: ArticlesCacheService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async quick(progress: Progress = () => undefined): Promise<QuickRecoveryResult> {
    const candidates = new Map<number, Candidate>();
    await progress(5, 'Reading the latest revisions');
    for (const candidate of await this.latestRevisionsOfMissing()) keepNewest(candidates, candidate);
    await progress(15, 'Reading the latest backup');
    const latest = await this.backups.latest();
    if (latest) for (const candidate of await this.fromBackup(latest)) keepNewest(candidates, candidate);
    const restored = await this.restore([...candidates.values()], progress, 20);
    return { restored, ...(await this.counts()) };
  }

  async deep(progress: Progress = () => undefined): Promise<DeepRecoveryResult> {
    const candidates = new Map<number, Candidate>();
    const seen = new Set<number>();
    await progress(2, 'Scanning every revision');
    const revisionIds = await this.em.fork().execute<{ article_id: number }[]>('select distinct article_id from article_revision');
    for (const row of revisionIds) seen.add(row.article_id);
    for (const candidate of await this.latestRevisionsOfMissing()) keepNewest(candidates, candidate);
    const sources = await this.backups.all();
    for (const [index, source] of sources.entries()) {
      await progress(5 + Math.round((45 * index) / Math.max(sources.length, 1)), `Scanning ${source.label} (${index + 1} of ${sources.length})`);
      const articles = await this.readSafely(source);
      for (const article of articles) seen.add(article.id);
      const missing = await this.missingIds(articles.map((article) => article.id));
      for (const article of articles) if (missing.has(article.id)) keepNewest(candidates, { article, at: source.createdAt, source: source.label });
    }
    const restored = await this.restore([...candidates.values()], progress, 50);
    return { restored, articlesFound: seen.size, backupsFound: sources.length, ...(await this.counts()) };
  }

  async recreateFromSitemap(progress: Progress = () => undefined): Promise<RecreateFromSitemapResult> {
    await progress(2, 'Reading the last generated sitemap');
    const listed = await this.sitemaps.latestArticleUrls();
    const em = this.em.fork();
    const slugs = [...new Set(listed.map((entry) => entry.slug))];
    const present = slugs.length
      ? new Set((await em.execute<{ slug: string }[]>('select slug from article where slug in (?)', [slugs])).map((row) => row.slug))
      : new Set<string>();
    const wanted = new Map(listed.filter((entry) => !present.has(entry.slug)).map((entry) => [entry.slug, entry.url]));
    const found = new Map<string, Candidate>();
    const keep = (candidate: Candidate) => {
      const current = found.get(candidate.article.slug);
      if (!current || candidate.at > current.at) found.set(candidate.article.slug, candidate);
    };

    if (wanted.size > 0) {
      await progress(10, `Looking for ${wanted.size} missing articles in revisions`);
      const revisions = await em.execute<{ snapshot: ArticleDto; created_at: Date }[]>(
        'select distinct on (slug) snapshot, created_at from article_revision where slug in (?) order by slug, id desc',
        [[...wanted.keys()]],
      );
      for (const row of revisions) keep({ article: row.snapshot, at: new Date(row.created_at), source: 'revision' });
      const sources = await this.backups.all();
      for (const [index, source] of sources.entries()) {
        // Newest first: once every article has a version at least this recent, older backups cannot beat it.
        if ([...wanted.keys()].every((slug) => (found.get(slug)?.at ?? new Date(0)) >= source.createdAt)) break;
        await progress(15 + Math.round((35 * index) / Math.max(sources.length, 1)), `Looking in ${source.label}`);
        for (const article of await this.readSafely(source)) {
          if (wanted.has(article.slug)) keep({ article, at: source.createdAt, source: source.label });
        }
      }
      if (this.config.recovery.fetchLivePages) {
        // A live page gives no article id, so its tombstone can only be recognised by slug.
        const notFound = [...wanted.keys()].filter((slug) => !found.has(slug));
        const tombstoned = notFound.length
          ? new Set((await em.execute<{ slug: string }[]>('select slug from deleted_article where slug in (?)', [notFound])).map((row) => row.slug))
          : new Set<string>();
        for (const [slug, url] of wanted) {
          if (found.has(slug) || tombstoned.has(slug)) continue;
          const article = await fetchLivePageArticle(url, slug).catch((error: unknown) => {
            this.logger.warn({ err: error, url }, 'Could not read the live page');
            return null;
          });
          if (article) found.set(slug, { article: { ...article, id: await this.nextArticleId() }, at: new Date(0), source: 'live page' });
        }
      }
    }
    const restored = await this.restore([...found.values()], progress, 50);
    return { restored, ...(await this.counts()) };
  }

  /** The newest revision of every article id that has no row and no tombstone. */
  private async latestRevisionsOfMissing(): Promise<Candidate[]> {
    const rows = await this.em.fork().execute<{ snapshot: ArticleDto; created_at: Date }[]>(
      `select distinct on (r.article_id) r.snapshot, r.created_at from article_revision r
        where not exists (select 1 from article a where a.id = r.article_id)
          and not exists (select 1 from deleted_article d where d.article_id = r.article_id)
        order by r.article_id, r.id desc`,
    );
    return rows.map((row) => ({ article: row.snapshot, at: new Date(row.created_at), source: 'revision' }));
  }

  private async fromBackup(source: BackupSource): Promise<Candidate[]> {
    const articles = await this.readSafely(source);
    const missing = await this.missingIds(articles.map((article) => article.id));
    return articles.filter((article) => missing.has(article.id)).map((article) => ({ article, at: source.createdAt, source: source.label }));
  }

  /** A damaged backup is skipped (and logged), never the end of the run. */
  private async readSafely(source: BackupSource): Promise<ArticleDto[]> {
    try {
      return await source.read();
    } catch (error) {
      this.logger.error({ err: error, backup: source.label }, 'Could not read a backup; skipping it');
      return [];
    }
  }

  /** Of these ids, those with neither an article row nor a tombstone. */
  private async missingIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.em.fork().execute<{ id: number }[]>(
      `select id from unnest(array[?]::int[]) as ids(id)
        where not exists (select 1 from article a where a.id = ids.id)
          and not exists (select 1 from deleted_article d where d.article_id = ids.id)`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Inserts the candidates in batches, each batch in one transaction with its 'restore' revisions;
   * tombstones are checked again inside it.
   */
  private async restore(candidates: Candidate[], progress: Progress, startPercent: number): Promise<RestoredArticle[]> {
    const restored: RestoredArticle[] = [];
    const ordered = candidates.sort((a, b) => a.article.id - b.article.id);
    const size = this.config.recovery.batchSize;
    await progress(startPercent, `Restoring ${ordered.length} articles`);
    for (let start = 0; start < ordered.length; start += size) {
      const batch = ordered.slice(start, start + size);
      const inserted = await this.em.fork().transactional(async (em) => {
        const rows = await em.execute<{ id: number }[]>(
          `insert into article (${COLUMN_LIST})
           select v.* from (values ${batch.map(() => VALUE_ROW).join(', ')}) as v(${COLUMN_LIST})
            where not exists (select 1 from deleted_article d where d.article_id = v.id)
           on conflict do nothing returning id`,
          batch.flatMap((candidate) => rowValues(candidate.article)),
        );
        const ids = new Set(rows.map((row) => row.id));
        const done = batch.filter((candidate) => ids.has(candidate.article.id));
        await recordRevisions(em, done.map((candidate) => candidate.article), 'restore');
        return done;
      });
      for (const { article, source } of inserted) restored.push({ id: article.id, title: article.title, slug: article.slug, approved: article.approved, source });
      await progress(startPercent + Math.round(((100 - startPercent) * Math.min(start + size, ordered.length)) / Math.max(ordered.length, 1)), `Restored ${restored.length} of ${ordered.length}`);
    }
    if (restored.length > 0) {
      // Keep the id sequence ahead of the restored ids (a database restored from an old dump may lag), and
      // never move it back: an id handed out once, even to a since-deleted article, is never reused.
      await this.em
        .fork()
        .execute(`select setval(pg_get_serial_sequence('article', 'id'), greatest(max(id), nextval(pg_get_serial_sequence('article', 'id')))) from article`);
      await this.cache.invalidate();
      this.logger.log(`Restored ${restored.length} articles: ${restored.map((a) => a.id).join(', ')}`);
    }
    return restored;
  }

  private async nextArticleId(): Promise<number> {
    const [row] = await this.em.fork().execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('article', 'id')) as id`);
    return Number(row!.id);
  }

  private async counts(): Promise<Counts> {
    const [row] = await this.em.fork().execute<{ total: number; published: number }[]>(
      'select count(*)::int as total, (count(*) filter (where approved))::int as published from article',
    );
    return { totalArticlesNow: row!.total, publishedArticlesNow: row!.published };
  }
}
