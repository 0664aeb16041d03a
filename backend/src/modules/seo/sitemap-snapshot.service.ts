import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { SitemapSnapshot } from './sitemap-snapshot.entity.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Generated sitemaps kept; only a sitemap whose article URLs changed is stored again. */
export const SITEMAP_SNAPSHOT_RETENTION = 20;

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

/** Keeps the sitemaps the site generates, so Recreate Articles knows which article URLs were public. */
@Injectable()
export class SitemapSnapshotService {
  private readonly logger = new Logger(SitemapSnapshotService.name);

  constructor(private readonly em: EntityManager) {}

  /** Stores the sitemap unless the last one stored lists the same article URLs. Never throws. */
  async record(xml: string): Promise<void> {
    try {
      const urls = sitemapArticleUrls(xml);
      // Paths, not URLs: the same sitemap reached through another host name is not a new one.
      const digest = createHash('sha256').update(urls.map((u) => new URL(u.url).pathname).sort().join('\n')).digest('hex');
      const em = this.em.fork();
      const [last] = await em.execute<{ digest: string }[]>('select digest from sitemap_snapshot order by id desc limit 1');
      if (last?.digest === digest) return;
      em.create(SitemapSnapshot, { digest, urlCount: urls.length, xml: await gzipAsync(xml) });
      await em.flush();
      await em.execute('delete from sitemap_snapshot where id not in (select id from sitemap_snapshot order by id desc limit ?)', [SITEMAP_SNAPSHOT_RETENTION]);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not keep a copy of the generated sitemap');
    }
  }

  /** The article URLs of the last generated sitemap (none when no sitemap was ever generated). */
  async latestArticleUrls(): Promise<SitemapArticleUrl[]> {
    const [latest] = await this.em.fork().find(SitemapSnapshot, {}, { orderBy: { id: 'desc' }, limit: 1 });
    if (!latest) return [];
    return sitemapArticleUrls((await gunzipAsync(Buffer.from(latest.xml))).toString('utf8'));
  }
}
