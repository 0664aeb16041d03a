import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startLocalHttpServer, type RecordedRequest } from './local-http-server.js';
import { newsPage } from './source-pages.js';

/** What a page of the server is now: an article (with its validators), or gone with 404 or 410. */
type PageState = { html: string; etag: string; lastModified: string } | { gone: 404 | 410 };

/**
 * The outlets' web server for the source watch's tests: real HTTP on 127.0.0.1 serving source pages
 * whose content the test changes between runs (`publish`, `remove`). It answers as a careful news site
 * does: each version with a strong ETag (the body's hash) and a Last-Modified, a 304 to a conditional
 * GET whose If-None-Match (else If-Modified-Since) matches the version now, and 404 or 410 for a page
 * taken down. Every answer's status is recorded with its request, for the tests to read.
 */
export async function startChangingSourceServer() {
  const server = await startLocalHttpServer();
  const pages = new Map<string, PageState>();
  const answers: { path: string; status: number; at: number; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];
  // A clock of its own, a minute a version, so Last-Modified moves on by whole seconds (HTTP dates have no finer unit).
  let clock = Date.parse('2026-11-20T08:00:00Z');

  const handle = (path: string) => (request: RecordedRequest, response: ServerResponse) => {
    const page = pages.get(path)!;
    const ifNoneMatch = request.headers['if-none-match'] as string | undefined;
    const ifModifiedSince = request.headers['if-modified-since'] as string | undefined;
    const answer = (status: number) => answers.push({ path, status, at: Date.now(), ifNoneMatch, ifModifiedSince });
    if ('gone' in page) {
      answer(page.gone);
      response.writeHead(page.gone, { 'content-type': 'text/html' });
      return response.end(page.gone === 410 ? '<p>This article has been removed.</p>' : '<p>Page not found</p>');
    }
    // If-None-Match decides when sent; If-Modified-Since only without it (RFC 9110, 13.2.2).
    const fresh =
      ifNoneMatch !== undefined ? ifNoneMatch === page.etag : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(page.lastModified);
    const headers = { etag: page.etag, 'last-modified': page.lastModified };
    if (fresh) {
      answer(304);
      response.writeHead(304, headers);
      return response.end();
    }
    answer(200);
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    response.end(page.html);
  };

  return {
    origin: server.origin,
    url: server.url,
    requestsTo: server.requestsTo,
    /** Each answer the server gave to `path`, oldest first: its status, when, and the validators the request sent. */
    answersTo: (path: string) => answers.filter((entry) => entry.path === path),
    /** Every answer, oldest first. */
    answers,
    /** Serves (or replaces) the article at `path`: a new version, with a new ETag and a later Last-Modified. */
    publish(path: string, title: string, paragraphs: string[]) {
      const html = newsPage(title, paragraphs);
      clock += 60_000;
      pages.set(path, { html, etag: `"${createHash('sha256').update(html).digest('hex').slice(0, 16)}"`, lastModified: new Date(clock).toUTCString() });
      server.routes[path] = handle(path);
    },
    /** Takes the page at `path` down: 404 (not found) or 410 (gone for good). */
    remove(path: string, status: 404 | 410) {
      pages.set(path, { gone: status });
      server.routes[path] = handle(path);
    },
    close: server.close,
  };
}
