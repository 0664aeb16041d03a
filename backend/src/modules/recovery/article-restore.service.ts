import { Injectable, Logger } from '@nestjs/common';
import type { RestoredArticle } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { DeepRecoveryResult, QuickRecoveryResult, RecreateFromSitemapResult } from '../../queue/job-types.js';
import { type Actor, ArticleReads, ArticleRecoveryStore, fromArticleDto, type RestoreCandidate, type RevisionRow } from '../articles/index.js';
import type { BackedUpArticle } from './backup-format.js';
import { BackupService, type BackupSource } from './backup.service.js';
import { fetchLivePageArticle } from './live-page.js';
import { SitemapSnapshotService } from '../pages/index.js';

/** Reports how far a run is, in percent; the processor forwards it to the job's progress. */
export type Progress = (percent: number, message: string) => Promise<void> | void;

/** One version of an article found in a backup, a revision or a live page, with its time and origin. */
interface Candidate extends RestoreCandidate {
  at: Date;
  source: string;
}

interface Counts {
  totalArticlesNow: number;
  publishedArticlesNow: number;
}

function fromRevision(revision: RevisionRow): Candidate {
  return {
    row: revision.snapshot,
    interactionsThrough: Number(revision.interactions_through),
    commentsThrough: Number(revision.comments_through),
    at: new Date(revision.created_at),
    source: 'revision',
  };
}

function fromBackedUp(article: BackedUpArticle, at: Date, source: string): Candidate {
  return {
    row: fromArticleDto(article),
    interactionsThrough: article.interactionsThrough ?? null,
    commentsThrough: article.commentsThrough ?? null,
    at,
    source,
  };
}

/** What a scan of one backup kept: the versions picked, and the id of every article it holds. */
interface Scanned {
  picked: Candidate[];
  ids: number[];
}

/** Keeps, per article id, the newest version seen. */
function keepNewest(into: Map<number, Candidate>, candidate: Candidate): void {
  const current = into.get(candidate.row.id);
  if (!current || candidate.at > current.at) into.set(candidate.row.id, candidate);
}

/**
 * Puts back articles that are missing from the database: Quick (the latest backup and the latest
 * revision of each article), Deep (every backup and every revision) and Recreate (the article URLs
 * of the last generated sitemap). An article is restored with its own id, slug and dates, from the
 * newest version found, its counters made to include the likes, shares and comments that came after
 * that version (comments and the approved topic's link outlive the row, so they come back with it);
 * never one with a tombstone (deliberately deleted), never one whose id or slug is taken. Inserts are
 * `on conflict do nothing`, so a run that overlaps a change, is retried after a crash, or runs twice
 * restores each article at most once. The trigger records each as a 'restore' revision by the run.
 */
@Injectable()
export class ArticleRestoreService {
  private readonly logger = new Logger(ArticleRestoreService.name);

  constructor(
    private readonly articles: ArticleRecoveryStore,
    private readonly store: ArticleReads,
    private readonly backups: BackupService,
    private readonly sitemaps: SitemapSnapshotService,
    @InjectConfig('recovery') private readonly config: ConfigSlice<'recovery'>,
    @InjectConfig('backup') private readonly backupConfig: ConfigSlice<'backup'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  /** `requestedBy` (an admin's name, 'ops cli', 'test') goes into the restored articles' history. */
  async quick(progress: Progress = () => undefined, requestedBy = 'unknown'): Promise<QuickRecoveryResult> {
    const candidates = new Map<number, Candidate>();
    await progress(5, 'Reading the latest revisions');
    for (const revision of await this.articles.latestRevisionsOfMissing()) keepNewest(candidates, fromRevision(revision));
    await progress(15, 'Reading the latest backup');
    const latest = await this.backups.latest();
    if (latest) for (const candidate of (await this.scan(latest, (batch) => this.missing(batch))).picked) keepNewest(candidates, candidate);
    const restored = await this.restore([...candidates.values()], `recovery:quick by ${requestedBy}`, progress, 20);
    return { restored, ...(await this.counts()) };
  }

  async deep(progress: Progress = () => undefined, requestedBy = 'unknown'): Promise<DeepRecoveryResult> {
    const candidates = new Map<number, Candidate>();
    await progress(2, 'Scanning every revision');
    const seen = new Set(await this.articles.revisedArticleIds());
    for (const revision of await this.articles.latestRevisionsOfMissing()) keepNewest(candidates, fromRevision(revision));
    const sources = await this.backups.all();
    for (const [index, source] of sources.entries()) {
      await progress(5 + Math.round((45 * index) / Math.max(sources.length, 1)), `Scanning ${source.label} (${index + 1} of ${sources.length})`);
      const { picked, ids } = await this.scan(source, (batch) => this.missing(batch));
      for (const id of ids) seen.add(id);
      for (const candidate of picked) keepNewest(candidates, candidate);
    }
    const restored = await this.restore([...candidates.values()], `recovery:deep by ${requestedBy}`, progress, 50);
    return { restored, articlesFound: seen.size, backupsFound: sources.length, ...(await this.counts()) };
  }

  async recreateFromSitemap(progress: Progress = () => undefined, requestedBy = 'unknown'): Promise<RecreateFromSitemapResult> {
    await progress(2, 'Reading the last generated sitemap');
    const listed = await this.sitemaps.latestArticleUrls();
    const present = await this.articles.presentSlugs([...new Set(listed.map((entry) => entry.slug))]);
    const wanted = new Map(listed.filter((entry) => !present.has(entry.slug)).map((entry) => [entry.slug, entry.url]));
    const found = new Map<string, Candidate>();
    const keep = (candidate: Candidate) => {
      const current = found.get(candidate.row.slug);
      if (!current || candidate.at > current.at) found.set(candidate.row.slug, candidate);
    };

    if (wanted.size > 0) {
      await progress(10, `Looking for ${wanted.size} missing articles in revisions`);
      for (const revision of await this.articles.latestRevisionsBySlug([...wanted.keys()])) keep(fromRevision(revision));
      const sources = await this.backups.all();
      for (const [index, source] of sources.entries()) {
        // Newest first: once every article has a version at least this recent, older backups cannot beat it.
        if ([...wanted.keys()].every((slug) => (found.get(slug)?.at ?? new Date(0)) >= source.createdAt)) break;
        await progress(15 + Math.round((35 * index) / Math.max(sources.length, 1)), `Looking in ${source.label}`);
        for (const candidate of (await this.scan(source, (batch) => batch.filter((article) => wanted.has(article.slug)))).picked) keep(candidate);
      }
      if (this.config.fetchLivePages) {
        // A live page gives no article id, so its tombstone can only be recognised by slug.
        const notFound = [...wanted.keys()].filter((slug) => !found.has(slug));
        const tombstoned = await this.articles.tombstonedSlugs(notFound);
        for (const [slug, url] of wanted) {
          if (found.has(slug) || tombstoned.has(slug)) continue;
          const article = await fetchLivePageArticle(url, slug, this.siteConfig.publicUrl).catch((error: unknown) => {
            this.logger.warn({ err: error, url }, 'Could not read the live page');
            return null;
          });
          if (article) found.set(slug, fromBackedUp({ ...article, id: await this.articles.nextId() }, new Date(0), 'live page'));
        }
      }
    }
    const restored = await this.restore([...found.values()], `recovery:sitemap by ${requestedBy}`, progress, 50);
    return { restored, ...(await this.counts()) };
  }

  /**
   * Reads a backup `batchSize` articles at a time, keeping the versions `pick` chooses from each batch.
   * A damaged backup (bad gzip or JSON anywhere in it) is skipped whole and logged, never the end of
   * the run: what was read before the damage is dropped too, as a backup is trusted only once it has
   * been read to its end.
   */
  private async scan(source: BackupSource, pick: (batch: BackedUpArticle[]) => Promise<BackedUpArticle[]> | BackedUpArticle[]): Promise<Scanned> {
    const scanned: Scanned = { picked: [], ids: [] };
    const take = async (batch: BackedUpArticle[]) => {
      for (const article of await pick(batch)) scanned.picked.push(fromBackedUp(article, source.createdAt, source.label));
      for (const article of batch) scanned.ids.push(article.id);
    };
    try {
      let batch: BackedUpArticle[] = [];
      for await (const article of source.read()) {
        batch.push(article);
        if (batch.length < this.backupConfig.batchSize) continue;
        await take(batch);
        batch = [];
      }
      await take(batch);
      return scanned;
    } catch (error) {
      this.logger.error({ err: error, backup: source.label }, 'Could not read a backup; skipping it');
      return { picked: [], ids: [] };
    }
  }

  /** Of these backed-up articles, those with neither a row nor a tombstone now. */
  private async missing(batch: BackedUpArticle[]): Promise<BackedUpArticle[]> {
    const missing = await this.articles.missingIds(batch.map((article) => article.id));
    return batch.filter((article) => missing.has(article.id));
  }

  /** Inserts the candidates in batches, each batch in one transaction; tombstones are checked again inside it. */
  private async restore(candidates: Candidate[], actor: Actor, progress: Progress, startPercent: number): Promise<RestoredArticle[]> {
    const restored: RestoredArticle[] = [];
    const ordered = candidates.sort((a, b) => a.row.id - b.row.id);
    const size = this.config.batchSize;
    await progress(startPercent, `Restoring ${ordered.length} articles`);
    for (let start = 0; start < ordered.length; start += size) {
      const batch = ordered.slice(start, start + size);
      const ids = await this.articles.restoreRows(batch, actor);
      for (const { row, source } of batch.filter((candidate) => ids.has(candidate.row.id))) {
        restored.push({ id: row.id, title: row.title, slug: row.slug, approved: row.approved, source });
      }
      await progress(
        startPercent + Math.round(((100 - startPercent) * Math.min(start + size, ordered.length)) / Math.max(ordered.length, 1)),
        `Restored ${restored.length} of ${ordered.length}`,
      );
    }
    if (restored.length > 0) {
      // A database restored from an old dump may have its id sequence behind the restored ids.
      await this.articles.advanceIdSequence();
      this.logger.log(`Restored ${restored.length} articles: ${restored.map((a) => a.id).join(', ')}`);
    }
    return restored;
  }

  private async counts(): Promise<Counts> {
    const { totalArticles, publishedArticles } = await this.store.counts();
    return { totalArticlesNow: totalArticles, publishedArticlesNow: publishedArticles };
  }
}
