import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ARTICLE_PAGE_SIZE,
  categorySlug,
  excerpt,
  LINKED_CATEGORIES,
  type Article as ArticleDto,
  type ArticleListQuery,
  type ArticleSummary,
  type CorrectionEntry,
} from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { SearchService } from './article-search.service.js';
import { RenderedJsonMemo, type RenderedJson } from '../../common/http-cache.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { ArticleCountersSnapshot, type ArticleCounters } from './article-counters.reader.js';
import { toArticleDto, type ArticleRow } from './article-row.js';
import { citeClaims } from './claim-citations.js';
import { ArticleHistory } from './article-history.js';
import { ArticleProvenanceService } from './article-provenance.service.js';
import { ArticleReads } from './article-reads.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { decodeCursor, encodeCursor, type ListCursor } from '../../common/list-cursor.js';
import { createdAtKey, pastKey, summarySelection, toArticleSummary, type SummaryRow } from './article-summary.js';
import { articleBodyForReaders } from './article-sanitizer-pool.js';
import { articlesDb } from './tables.js';

/** Seconds a cached list page lives; invalidation makes publish/edit/delete visible at once anyway. */
const LIST_CACHE_TTL_SECONDS = 60;

/** The /corrections page lists this many notes at most, newest first. */
const CORRECTIONS_LIMIT = 500;

const LINKED_CATEGORY_SLUGS: ReadonlySet<string> = new Set(LINKED_CATEGORIES.map(categorySlug));

export interface ArticlePage {
  items: ArticleSummary[];
  /** The cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

@Injectable()
export class ArticlesService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
    private readonly search: SearchService,
    private readonly counters: ArticleCountersSnapshot,
    private readonly store: ArticleReads,
    private readonly provenance: ArticleProvenanceService,
    private readonly history: ArticleHistory,
  ) {}

  private readonly rendered = new RenderedJsonMemo();

  /**
   * What a prepared answer computed from here on stays valid for: the same cache generation (no
   * article change since) and the same counters (no like, share or comment since). Take it before
   * computing, so that a change during the computation makes the answer out of date at once.
   */
  currentness(): () => boolean {
    const cached = this.cache.currentness();
    const counters = this.counters.version;
    return () => cached() && this.counters.version === counters;
  }

  /**
   * One page of published articles, newest first (or best match first with `search`), optionally of
   * one category matched in its comparable form. Pages are cached; counters come from the
   * in-memory snapshot (at most COUNTERS_REFRESH_MS old), so a like invalidates no cached page.
   */
  async listPublished(query: ArticleListQuery): Promise<ArticlePage> {
    const page = await this.cachedPage(query);
    return { ...page, items: withCounters(page.items, await this.countersOf(page.items)) };
  }

  /**
   * listPublished as JSON bytes: serialised once per state of the cached page and its counters, with
   * the surrogate keys of what it shows (the list, and each article in it) and listedCounts: a reader's
   * count purges no list, whose counts instead show within the shorter shared lifetime that key gives.
   */
  async renderPublishedList(query: ArticleListQuery): Promise<{ json: RenderedJson; nextCursor: string | null; keys: string[] }> {
    const page = await this.cachedPage(query);
    const counters = await this.countersOf(page.items);
    const list =
      query.search !== undefined ? cacheKeys.search : query.category !== undefined ? cacheKeys.category(categorySlug(query.category)) : cacheKeys.newest;
    return {
      json: this.rendered.render(page, fingerprint(page.items, counters), () => withCounters(page.items, counters)),
      nextCursor: page.nextCursor,
      keys: [list, cacheKeys.listedCounts, ...page.items.map((item) => cacheKeys.article(item.id))],
    };
  }

  /**
   * A published article by slug as JSON bytes (cached like list pages, counters fresh); drafts are not
   * public. Its `content` is the body as pages show it (`articleBodyHtml`, on the sanitizer's thread). With its
   * surrogate keys: the article, and its counts (which a reader's count purges).
   */
  async renderPublishedArticle(slug: string): Promise<{ json: RenderedJson; keys: string[] }> {
    const article = await this.cache.remember(`article:${slug}`, async () => {
      const found = await this.store.findPublishedBySlug(slug);
      if (!found) throw new NotFoundException({ error: 'Not Found', message: `Article '${slug}' not found` });
      // Readers get the body ready to show, sanitized once per change here rather than in every browser,
      // its reference markers linked to their sentences' passages (the claim check's match), or to the
      // sources the page lists; the claims' notes read with it and cached with it.
      const [provenance, check, body] = await Promise.all([
        this.provenance.describe(found),
        this.provenance.claimsOf(found.id),
        articleBodyForReaders(found.content),
      ]);
      const overriddenAt = (check?.claims ?? []).flatMap((claim) => (claim.overriddenAt ? [claim.overriddenAt] : []));
      const notes = await this.history.stepNotesAt(found.id, overriddenAt);
      const cited = citeClaims(body, provenance.sources, check?.claims ?? null, notes);
      return { ...toArticleDto(found), content: cited.content, provenance, claims: cited.claims };
    });
    const counters = await this.countersOf([article]);
    return {
      json: this.rendered.render(article, fingerprint([article], counters), () => withCounters([article], counters)[0]),
      keys: [cacheKeys.article(article.id), cacheKeys.counts(article.id)],
    };
  }

  /** Every note of the published articles, newest first (the /corrections page), cached until an article changes. */
  corrections(): Promise<CorrectionEntry[]> {
    return this.cache.remember('corrections', async () =>
      (await this.store.correctionEntries(CORRECTIONS_LIMIT)).map((row) => ({
        ...row.note,
        article: { id: row.id, title: row.title, slug: row.slug, category: row.category },
      })),
    );
  }

  /**
   * Only lists that exist are computed and kept: an unknown category is a 404 and a cursor that
   * names no article of the list a 400, both found before the page is read, and a refusal is never
   * kept (a reader cannot make the server keep a page nobody could reach by the site's own links).
   */
  private async cachedPage(query: ArticleListQuery): Promise<ArticlePage> {
    const limit = query.limit ?? ARTICLE_PAGE_SIZE;
    const cursor = query.cursor === undefined ? null : this.cursorOf(query.cursor);
    const category = query.category === undefined ? null : categorySlug(query.category);
    const key = `list:${JSON.stringify([category, query.search ?? null, query.cursor ?? null, limit])}`;
    return this.cache.remember(
      key,
      async () => {
        if (category !== null && !(await this.categoryExists(category))) {
          throw new NotFoundException({ error: 'Not Found', message: `Category '${query.category}' not found` });
        }
        return query.search === undefined ? this.newestPage(category, cursor, limit) : this.searchPage(query.search, category, cursor, limit);
      },
      LIST_CACHE_TTL_SECONDS,
    );
  }

  /** A category the site links to, or one a published article has (one probe of an index, never cached: a new category shows at once). */
  private async categoryExists(category: string): Promise<boolean> {
    const slug = categorySlug(category);
    return LINKED_CATEGORY_SLUGS.has(slug) || this.store.hasPublishedInCategory(slug);
  }

  /** Like findPublishedBySlug, but null instead of a 404 (for page rendering). */
  findPublishedBySlugOrNull(slug: string): Promise<ArticleRow | null> {
    return this.store.findPublishedBySlug(slug);
  }

  private cursorOf(raw: string): ListCursor {
    const cursor = decodeCursor(raw);
    if (!cursor) throw new ValidationFailedException([{ path: 'cursor', message: 'is not a valid cursor' }]);
    return cursor;
  }

  /** Keyset paging over (created_at, id): every page costs the same however deep the reader goes. */
  private async newestPage(category: string | null, cursor: ListCursor | null, limit: number): Promise<ArticlePage> {
    if (cursor && cursor.kind !== 'keyset') throw new ValidationFailedException([{ path: 'cursor', message: 'belongs to a search' }]);
    if (cursor && !(await this.store.isPublishedAt(cursor.id, cursor.createdAt, category))) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'names no article of this list' }]);
    }
    let query = articlesDb(this.em.fork())
      .selectFrom('article')
      .select((eb) => [...summarySelection(eb), createdAtKey(eb)])
      .where('article.approved', '=', true);
    if (category !== null) query = query.where('article.category_slug', '=', category);
    if (cursor) query = query.where(pastKey('<', cursor));
    const rows = await query
      .orderBy('article.created_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(limit + 1)
      // As PostgreSQL returns the row: the entity-typed selection would let a nullable column be undefined too.
      .$castTo<SummaryRow & { created_at_key: string }>()
      .execute();
    const hasMore = rows.length > limit;
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => toArticleSummary(row, excerpt)),
      nextCursor: hasMore && last ? encodeCursor({ kind: 'keyset', createdAt: last.created_at_key, id: last.id }) : null,
    };
  }

  /** Ranked pages can only be walked by position; search result sets are small enough for that. */
  private async searchPage(term: string, category: string | null, cursor: ListCursor | null, limit: number): Promise<ArticlePage> {
    if (cursor && cursor.kind !== 'offset') throw new ValidationFailedException([{ path: 'cursor', message: 'does not belong to a search' }]);
    const offset = cursor?.offset ?? 0;
    const rows = await this.search.searchPublished(term, { category, offset, limit: limit + 1 });
    if (offset > 0 && rows.length === 0) throw new ValidationFailedException([{ path: 'cursor', message: 'is past the end of this search' }]);
    const hasMore = rows.length > limit;
    return {
      items: rows.slice(0, limit).map((row) => toArticleSummary(row, excerpt)),
      nextCursor: hasMore ? encodeCursor({ kind: 'offset', offset: offset + limit }) : null,
    };
  }

  /** From the counters snapshot, so a like shows up within COUNTERS_REFRESH_MS without invalidating any cached page. */
  private countersOf(items: { id: number }[]): Promise<Map<number, ArticleCounters>> {
    return this.counters.read(items.map((item) => item.id));
  }
}

function withCounters<T extends ArticleSummary | ArticleDto>(items: T[], counters: Map<number, ArticleCounters>): T[] {
  return items.map((item) => {
    const fresh = counters.get(item.id);
    return fresh ? { ...item, likes: fresh.likes, shares: fresh.shares, comments: fresh.comments } : item;
  });
}

function fingerprint(items: { id: number }[], counters: Map<number, ArticleCounters>): string {
  return items
    .map(({ id }) => {
      const fresh = counters.get(id);
      return fresh ? `${fresh.likes},${fresh.shares},${fresh.comments}` : '-';
    })
    .join(';');
}
