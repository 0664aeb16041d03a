import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { SourceChangeKind } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { SourceWatchRunResult } from '../../queue/job-types.js';
import { contentHash, fetchPage, textOfPage, type PageValidators } from '../provenance/index.js';
import { changedShare, changeKind } from './rewrite-rule.js';
import { sourceWatchDb } from './tables.js';
import type { WatchStatus } from './watched-source.entity.js';

/** Hosts read at once in one run; each host's own sources are read one after another. */
const HOST_CONCURRENCY = 4;

/** One source due for a read, with what the watch knew of it. */
interface DueSource {
  id: number;
  link: string;
  articleId: number;
  /** The hash compared with: the text frozen at approval when its page was read then, else the watch's first read. */
  baselineHash: string | null;
  /** Whether that baseline is the approval's own page text (topic_source.text). */
  frozenBaseline: boolean;
  watched: boolean;
  etag: string | null;
  lastModified: string | null;
  textHash: string | null;
  lastStatus: WatchStatus | null;
}

type Outcome = Exclude<keyof SourceWatchRunResult, 'checked'>;

/** What one read changes of the source's watch row. */
interface WatchUpdate {
  status: WatchStatus;
  httpStatus: number | null;
  error: string | null;
  validators?: PageValidators;
  textHash?: string;
  baseline?: { text: string; hash: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The host a link is read from, for the interval between two reads of it (a link that is no URL is its own host: the fetcher refuses it). */
function hostOf(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}

/**
 * Reads the sources of recently published articles again (docs/source-watch.md): politely (conditional
 * GETs, a least interval per host, a bounded number per run, those read longest ago first), through the
 * same SSRF-safe fetcher and text extraction as at approval. A source whose text differs from the one the
 * article was written from raises a "changed" or "rewritten" item, one whose page is gone (404, 410) a
 * "gone" item, each once: only when the source changes from what the last read found, and never twice open.
 */
@Injectable()
export class SourceWatchService {
  private readonly logger = new Logger(SourceWatchService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('sourceWatch') private readonly config: ConfigSlice<'sourceWatch'>,
    @InjectConfig('sources') private readonly sources: ConfigSlice<'sources'>,
  ) {}

  async run(): Promise<SourceWatchRunResult> {
    const due = await this.dueSources();
    const result: SourceWatchRunResult = { checked: 0, unchanged: 0, changed: 0, rewritten: 0, gone: 0, failed: 0, baselined: 0 };
    const byHost = new Map<string, DueSource[]>();
    for (const source of due) byHost.set(hostOf(source.link), [...(byHost.get(hostOf(source.link)) ?? []), source]);
    const hosts = [...byHost.values()];
    const readHost = async (sources: DueSource[]) => {
      for (const [index, source] of sources.entries()) {
        if (index > 0) await sleep(this.config.hostIntervalMs);
        const outcome = await this.check(source);
        result.checked++;
        result[outcome]++;
      }
    };
    // HOST_CONCURRENCY lanes, each taking the next host when done with one.
    const lane = async () => {
      for (let next = hosts.shift(); next; next = hosts.shift()) await readHost(next);
    };
    await Promise.all(Array.from({ length: HOST_CONCURRENCY }, lane));
    if (result.checked > 0) this.logger.log(result, 'Source watch run');
    return result;
  }

  /**
   * The sources with a link (but those refused at approval) of the articles published (a publish, or a creation as published, in their
   * history) within SOURCE_WATCH_DAYS and published still: those never read first, then those read longest ago.
   */
  private async dueSources(): Promise<DueSource[]> {
    const since = new Date(Date.now() - this.config.days * 86_400_000);
    const rows = await sourceWatchDb(this.em.fork())
      .selectFrom('topic_source as s')
      .innerJoin('approved_topic as t', 't.id', 's.approved_topic_id')
      .innerJoin('article as a', 'a.id', 't.article_id')
      .leftJoin('watched_source as w', 'w.topic_source_id', 's.id')
      .select([
        's.id',
        's.link',
        'a.id as article_id',
        's.fetch_status',
        's.content_hash',
        'w.topic_source_id as watched',
        'w.baseline_hash',
        'w.etag',
        'w.last_modified',
        'w.text_hash',
        'w.last_status',
      ])
      .where('a.approved', '=', true)
      .where('s.link', 'is not', null)
      // A link refused at approval (not a public address) would be refused again: it is not watched.
      .where('s.fetch_status', '<>', 'blocked')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('article_revision as r')
            .select('r.id')
            .whereRef('r.article_id', '=', 'a.id')
            .where('r.created_at', '>', since)
            .where((inner) =>
              inner.or([
                inner('r.action', '=', 'publish'),
                inner.and([inner('r.action', '=', 'create'), inner.cast<boolean>(inner.ref('r.snapshot', '->>').key('approved'), 'boolean')]),
              ]),
            ),
        ),
      )
      .orderBy(
        (eb) => eb.ref('w.last_checked_at'),
        (order) => order.asc().nullsFirst(),
      )
      .orderBy('s.id')
      .limit(this.config.maxPerRun)
      .execute();
    return rows.map((row) => {
      const frozenBaseline = row.fetch_status === 'fetched';
      return {
        id: row.id,
        link: row.link!,
        articleId: row.article_id,
        baselineHash: frozenBaseline ? row.content_hash : row.baseline_hash,
        frozenBaseline,
        watched: row.watched !== null,
        etag: row.etag,
        lastModified: row.last_modified,
        textHash: row.text_hash,
        lastStatus: row.last_status,
      };
    });
  }

  /** Reads one source and records what it found; never throws for the page (a failure is an outcome). */
  private async check(source: DueSource): Promise<Outcome> {
    const { timeoutMs, maxPageBytes, maxRedirects, trustedOrigins } = this.sources;
    const options = { timeoutMs, maxBytes: maxPageBytes, maxRedirects, trustedOrigins };
    // The validators ask "changed since the version last read?": only when that version's text is known.
    const validators = source.textHash ? { etag: source.etag, lastModified: source.lastModified } : { etag: null, lastModified: null };
    const result = await fetchPage(source.link, options, validators);

    if (result.status === 'not_modified') {
      await this.record(source, { status: 'unchanged', httpStatus: 304, error: null });
      return 'unchanged';
    }
    if (result.status === 'failed' && (result.httpStatus === 404 || result.httpStatus === 410)) {
      const raise = source.lastStatus === 'gone' ? null : { kind: 'gone' as const, share: null, httpStatus: result.httpStatus };
      await this.record(source, { status: 'gone', httpStatus: result.httpStatus, error: null }, raise);
      return 'gone';
    }
    if (result.status !== 'ok') {
      await this.record(source, {
        status: result.status,
        httpStatus: result.status === 'failed' ? (result.httpStatus ?? null) : null,
        error: result.error.slice(0, 1000),
      });
      return 'failed';
    }
    const text = textOfPage(result.body, result.contentType);
    if (!text) {
      await this.record(source, { status: 'failed', httpStatus: 200, error: 'No readable article text on the page' });
      return 'failed';
    }
    const hash = contentHash(text);
    const read = { httpStatus: 200, error: null, validators: { etag: result.etag, lastModified: result.lastModified }, textHash: hash };
    if (source.baselineHash === null) {
      await this.record(source, { ...read, status: 'baseline', baseline: { text, hash } });
      return 'baselined';
    }
    const previous = source.textHash ?? source.baselineHash;
    // As last read, or back to the text the article was written from (a change undone): nothing to raise.
    if (hash === previous || hash === source.baselineHash) {
      await this.record(source, { ...read, status: 'unchanged' });
      return 'unchanged';
    }
    const share = changedShare(await this.baselineText(source), text);
    const kind = changeKind(share, this.config.rewriteShare);
    await this.record(source, { ...read, status: kind }, { kind, share, httpStatus: null });
    return kind;
  }

  /** The text the article was written from: frozen at approval, or the watch's first read when approval had no page. */
  private async baselineText(source: DueSource): Promise<string> {
    const db = sourceWatchDb(this.em.fork());
    const row = source.frozenBaseline
      ? await db.selectFrom('topic_source').select('text').where('id', '=', source.id).executeTakeFirstOrThrow()
      : await db.selectFrom('watched_source').select('baseline_text as text').where('topic_source_id', '=', source.id).executeTakeFirstOrThrow();
    return row.text ?? '';
  }

  /**
   * Writes the watch row and, when the read found a change, raises its item: in one transaction, so a
   * change is never recorded as seen without its item. The item is raised once (the partial unique
   * index source_change_open_unique: an open item of that source and kind already says it).
   */
  private async record(
    source: DueSource,
    update: WatchUpdate,
    raise: { kind: SourceChangeKind; share: number | null; httpStatus: number | null } | null = null,
  ): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const db = sourceWatchDb(em);
      const values = {
        last_checked_at: sql<Date>`now()`,
        last_status: update.status,
        last_http_status: update.httpStatus,
        last_error: update.error,
        ...(update.validators && { etag: update.validators.etag, last_modified: update.validators.lastModified }),
        ...(update.textHash && { text_hash: update.textHash }),
        ...(update.baseline && { baseline_text: update.baseline.text, baseline_hash: update.baseline.hash }),
      };
      await db
        .insertInto('watched_source')
        .values({ topic_source_id: source.id, ...values })
        .onConflict((conflict) => conflict.column('topic_source_id').doUpdateSet(values))
        .execute();
      if (!raise) return;
      await db
        .insertInto('source_change')
        .values({
          topic_source_id: source.id,
          article_id: source.articleId,
          kind: raise.kind,
          changed_share: raise.share,
          http_status: raise.httpStatus,
        })
        .onConflict((conflict) => conflict.columns(['topic_source_id', 'kind']).where('status', '=', 'open').doNothing())
        .execute();
    });
  }
}
