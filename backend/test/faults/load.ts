import { randomUUID } from 'node:crypto';
import { call, clientIps, postJson, sleep, until, type Answer } from './fault-support.js';

export type Operation = 'list' | 'article' | 'comment' | 'contact' | 'like';

export interface Sample extends Answer {
  op: Operation;
  at: number;
  /** What identifies the write in the database: the comment id, the contact subject, the liked article. */
  key?: string | number;
}

const OPERATIONS: Operation[] = ['list', 'article', 'comment', 'contact', 'like'];

/** A read of the load (the list or an article); the rest are writes. */
export const isRead = (op: Operation) => op === 'list' || op === 'article';

/**
 * Readers and writers against a running API until stopped: list and article reads, comments, contact
 * messages and likes, each from its own client address. Every answer is kept with its latency, so a
 * test can tell which writes were acknowledged (2xx) and check each one is in the database.
 */
export function startLoad(apiUrl: string, articles: { id: number; slug: string }[], concurrency = 4) {
  const samples: Sample[] = [];
  const nextIp = clientIps();
  let running = true;
  let n = 0;

  async function once(op: Operation): Promise<void> {
    const article = articles[n % articles.length]!;
    const at = Date.now();
    const ip = nextIp();
    switch (op) {
      case 'list':
        samples.push({ op, at, ...(await call(`${apiUrl}/api/articles?limit=5`, { headers: { 'x-forwarded-for': ip } })) });
        return;
      case 'article':
        samples.push({ op, at, ...(await call(`${apiUrl}/api/articles/slug/${article.slug}`, { headers: { 'x-forwarded-for': ip } })) });
        return;
      case 'comment': {
        const answer = await postJson(
          `${apiUrl}/api/articles/${article.id}/comments`,
          { authorName: 'Reader', content: `Load comment ${randomUUID()} on the story.` },
          ip,
        );
        samples.push({ op, at, ...answer, key: (answer.body as { id?: number } | null)?.id });
        return;
      }
      case 'contact': {
        const subject = `Load ${randomUUID()}`;
        samples.push({
          op,
          at,
          key: subject,
          ...(await postJson(`${apiUrl}/api/contact`, { name: 'Reader', email: 'reader@example.com', subject, message: 'Hello from the load test.' }, ip)),
        });
        return;
      }
      case 'like':
        samples.push({ op, at, key: article.id, ...(await postJson(`${apiUrl}/api/interactions`, { articleId: article.id, type: 'like' }, ip)) });
        return;
    }
  }

  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      await once(OPERATIONS[n++ % OPERATIONS.length]!);
      await sleep(20);
    }
  });

  return {
    samples,
    /**
     * Waits until `count` calls started after `since` (of the operations `which` accepts) have answered,
     * or `timeoutMs` has passed: on a starved machine a fixed pause may end before any has.
     */
    answeredAfter: (since: number, count: number, which: (op: Operation) => boolean = () => true, timeoutMs = 30_000) =>
      until(
        async () => samples.filter((s) => s.at > since && which(s.op)).length,
        (n) => n >= count,
        timeoutMs,
        100,
      ),
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** 2xx writes of `op`. */
export const acknowledged = (samples: Sample[], op: Operation) => samples.filter((s) => s.op === op && s.status >= 200 && s.status < 300);

/** Answers that are neither a success nor a clear 503 `{ error, message }` with Retry-After. */
export function unclearFailures(samples: Sample[]): Sample[] {
  return samples.filter((s) => {
    if (s.status >= 200 && s.status < 300) return false;
    const body = s.body as { error?: unknown; message?: unknown } | null;
    return !(s.status === 503 && typeof body?.error === 'string' && typeof body.message === 'string' && s.headers.get('retry-after') !== null);
  });
}

/** A short summary for failure messages: status counts per operation and the slowest answer. */
export function describeSamples(samples: Sample[]) {
  const counts: Record<string, number> = {};
  for (const s of samples) counts[`${s.op} ${s.status}`] = (counts[`${s.op} ${s.status}`] ?? 0) + 1;
  const slowest = samples.reduce<Sample | undefined>((worst, s) => (worst && worst.ms >= s.ms ? worst : s), undefined);
  return {
    counts,
    slowestMs: Math.round(slowest?.ms ?? 0),
    slowest: slowest && `${slowest.op} ${slowest.status} at +${slowest.at - samples[0]!.at} ms ${slowest.error ?? ''}`,
  };
}
