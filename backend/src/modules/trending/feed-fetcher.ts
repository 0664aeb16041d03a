import { parseFeed } from './feed-parser.js';
import type { FeedItem } from './topic-clustering.js';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** What the source answered last time, sent back so an unchanged feed costs a 304. */
export interface ConditionalState {
  etag: string | null;
  lastModified: string | null;
}

export type FeedFetchResult =
  | { status: 'ok'; title: string; items: FeedItem[]; etag: string | null; lastModified: string | null }
  | { status: 'not_modified' }
  | { status: 'error'; error: string };

const USER_AGENT = 'TheAIMind-TrendingBot/1.0';
const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1';

/**
 * Fetches and parses one feed. Never throws: a slow, huge, failing or malformed feed becomes an
 * `error` result naming what went wrong, so one broken source never stops a refresh.
 */
export async function fetchFeed(url: string, previous: ConditionalState, limits: FetchLimits): Promise<FeedFetchResult> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT };
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) return { status: 'not_modified' };
    if (!response.ok) {
      await response.body?.cancel();
      return { status: 'error', error: `HTTP ${response.status} ${response.statusText}`.trim() };
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > limits.maxBytes) {
      await response.body?.cancel();
      return { status: 'error', error: `Feed is ${declared} bytes, above the ${limits.maxBytes}-byte limit` };
    }
    const body = await readCapped(response, limits.maxBytes);
    if (body === null) return { status: 'error', error: `Feed is larger than the ${limits.maxBytes}-byte limit` };
    const feed = parseFeed(body, new URL(url).hostname);
    return { status: 'ok', title: feed.title, items: feed.items, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  } catch (error) {
    if (signal.aborted) return { status: 'error', error: `Timed out after ${limits.timeoutMs} ms` };
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

/** The body as text, or null once it passes maxBytes (the rest is not downloaded). */
async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
