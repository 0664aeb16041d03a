import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { absoluteUrl, articleCanonicalPath } from '@ai-mind/contracts';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { pagesDb } from './tables.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { ArticleReads, ArticleRecoveryStore, ArticlesCacheService } from '../articles/index.js';
import { SitemapSnapshot } from './sitemap-snapshot.entity.js';
import { xmlText } from './markup.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Snapshots kept; only one whose article URLs changed is stored again. */
export const SITEMAP_SNAPSHOT_RETENTION = 20;
/** Changes that come together make one snapshot: the job waits this long, and any change meanwhile rides along. */
export const SNAPSHOT_DEBOUNCE_MS = 1000;

/** An article page path: /<category>/article/<slug>, or the older /article/<slug>. */
const ARTICLE_PATH = /^\/(?:[^/]+\/)?article\/([^/]+)\/?$/;

export interface SitemapArticleUrl {
  slug: string;
  url: string;
}

/** The article URLs a sitemap lists, in order. */
export function sitemapArticleUrls(xml: string): SitemapArticleUrl[] {
  const urls: SitemapArticleUrl[] = [];
  for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = match[1]!.replace(/&amp;/g, '&').trim();
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      continue;
    }
    const article = ARTICLE_PATH.exec(pathname);
    if (!article) continue;
    try {
      urls.push({ slug: decodeURIComponent(article[1]!), url });
    } catch {
      // A malformed escape: not a URL this site generated.
    }
  }
  return urls;
}

/**
 * The record Recreate Articles reads: which article URLs were public. Written from the database (never
 * from a request) after articles change, by the worker's `sitemap-snapshot` job (one at a time in the
 * cluster, debounced), or by Refresh Data. It lists every published article and keeps listing an article
 * of the last record whose row is gone without a tombstone: a lost article stays listed until it is
 * recreated, while an unpublished or deliberately deleted one drops out.
 */
@Injectable()
export class SitemapSnapshotService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SitemapSnapshotService.name);
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly store: ArticleReads,
    private readonly recoveryStore: ArticleRecoveryStore,
    private readonly cache: ArticlesCacheService,
    private readonly jobs: JobProducer,
    @InjectConfig('site') private readonly config: ConfigSlice<'site'>,
  ) {}

  /** Each article change this process hears asks for a snapshot (every API process asks; one job runs). */
  onApplicationBootstrap(): void {
    this.unsubscribe = this.cache.onChange(() => void this.requestSnapshot());
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Queues the snapshot job unless one is already waiting; a change while one runs queues one more after it. */
  async requestSnapshot(): Promise<void> {
    try {
      await this.jobs.enqueue(
        'sitemap-snapshot',
        {},
        { delay: SNAPSHOT_DEBOUNCE_MS, deduplication: { id: 'sitemap-snapshot', keepLastIfActive: true }, removeOnComplete: true, removeOnFail: 100 },
      );
    } catch (error) {
      // Redis is away: the next change (or Refresh Data) asks again.
      this.logger.warn({ err: error }, 'Could not queue the sitemap snapshot');
    }
  }

  /** Writes the snapshot from the database now (the job, and Refresh Data); one writer at a time. */
  async recordFromDatabase(): Promise<{ articleUrls: number; stored: boolean }> {
    return this.em.fork().transactional(async (em) => {
      // Two writers (a job and Refresh Data) would each compare with the same last snapshot.
      // Raw: a PostgreSQL advisory lock is a function call for its effect, not a query of any table.
      await em.execute(`select pg_advisory_xact_lock(hashtext('sitemap_snapshot'))`);
      const origin = this.config.publicUrl;
      const published = (await this.store.publishedPaths()).map((row) => ({ slug: row.slug, url: absoluteUrl(articleCanonicalPath(row), origin) }));
      const listed = new Set(published.map((entry) => entry.slug));
      const previous = (await this.latestArticleUrls(em)).filter((entry) => !listed.has(entry.slug));
      const present = await this.recoveryStore.presentSlugs(previous.map((entry) => entry.slug));
      const tombstoned = await this.recoveryStore.tombstonedSlugs(previous.map((entry) => entry.slug));
      const lost = previous.filter((entry) => !present.has(entry.slug) && !tombstoned.has(entry.slug));
      const urls = [...published, ...lost];
      const digest = createHash('sha256')
        .update(
          urls
            .map((entry) => new URL(entry.url).pathname)
            .sort()
            .join('\n'),
        )
        .digest('hex');
      const last = await pagesDb(em).selectFrom('sitemap_snapshot').select('digest').orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (last?.digest === digest) return { articleUrls: urls.length, stored: false };
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((entry) => `  <url><loc>${xmlText(entry.url)}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n');
      em.create(SitemapSnapshot, { digest, urlCount: urls.length, xml: await gzipAsync(xml) });
      await em.flush();
      await pagesDb(em)
        .deleteFrom('sitemap_snapshot')
        .where('id', 'not in', (eb) => eb.selectFrom('sitemap_snapshot').select('id').orderBy('id', 'desc').limit(SITEMAP_SNAPSHOT_RETENTION))
        .execute();
      return { articleUrls: urls.length, stored: true };
    });
  }

  /** The article URLs of the last snapshot (none when none was ever written). */
  async latestArticleUrls(em: EntityManager = this.em.fork()): Promise<SitemapArticleUrl[]> {
    const [latest] = await em.find(SitemapSnapshot, {}, { orderBy: { id: 'desc' }, limit: 1 });
    if (!latest) return [];
    return sitemapArticleUrls((await gunzipAsync(Buffer.from(latest.xml))).toString('utf8'));
  }
}
