import { Readable, pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import type { Article as ArticleDto } from '@ai-mind/contracts';

/**
 * An article as a backup keeps it: with its version, and the newest interaction and comment ids its
 * counters include, so a restore adds the likes, shares and comments that came after the backup.
 */
export type BackedUpArticle = ArticleDto & { version?: number; interactionsThrough?: number; commentsThrough?: number };

/** Hands a batch of articles to the encoder; resolves once the compressor can take more. */
export type WriteArticles = (articles: BackedUpArticle[]) => Promise<void>;

/**
 * A backup is a gzipped JSON array with one article per line (`[\n{...},\n{...}\n]`), so it is written
 * and read an article at a time and is still plain JSON. Backups written before were one line
 * (`JSON.stringify(array)`); both are read.
 *
 * `fill` writes every article through the function it is given. The compressed bytes are kept as
 * Buffers (outside the JavaScript heap); gzip output depends only on the bytes written, not on how
 * they were split into batches, so an unchanged archive encodes to identical bytes.
 */
export async function encodeBackup(fill: (write: WriteArticles) => Promise<void>): Promise<Buffer> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  let first = true;
  const write: WriteArticles = async (articles) => {
    if (articles.length === 0) return;
    const lines = articles.map((article) => JSON.stringify(article)).join(',\n');
    const flowing = gzip.write(`${first ? '[\n' : ',\n'}${lines}`);
    first = false;
    if (!flowing) await once(gzip, 'drain');
  };
  try {
    await fill(write);
    gzip.end(first ? '[\n]' : '\n]');
    await finished(gzip);
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * The articles of a backup, one at a time, from its compressed bytes. Throws on bad gzip, a line
 * that is not JSON, or an array that never closes (a truncated backup), wherever in the backup it is:
 * the caller decides what the articles already read are worth. A one-line backup (the earlier format)
 * is parsed whole.
 */
export async function* decodeBackup(compressed: AsyncIterable<Buffer>): AsyncGenerator<BackedUpArticle> {
  // pipeline destroys the gunzip stream with any error of the source, so iterating it throws that error.
  const inflated = pipeline(Readable.from(compressed), createGunzip(), () => undefined);
  let state: 'start' | 'articles' | 'closed' = 'start';
  for await (const line of lines(inflated)) {
    if (state === 'closed') throw new Error('The backup goes on after its closing bracket');
    if (state === 'start') {
      state = line === '[' ? 'articles' : 'closed';
      if (state === 'closed') yield* oneLineBackup(line);
    } else if (line === ']') {
      state = 'closed';
    } else {
      yield JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as BackedUpArticle;
    }
  }
  if (state !== 'closed') throw new Error('The backup ends before its closing bracket');
}

function oneLineBackup(line: string): BackedUpArticle[] {
  const articles: unknown = JSON.parse(line);
  if (!Array.isArray(articles)) throw new Error('The backup is not a JSON array');
  return articles as BackedUpArticle[];
}

/** The text's lines, split on the newline byte (never part of a multi-byte UTF-8 character). */
async function* lines(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of bytes) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, end));
      yield Buffer.concat(pending).toString('utf8');
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}
