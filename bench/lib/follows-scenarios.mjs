// Followers at scale: 100,000 browsers follow one story; an update is published (the stories
// module's trigger writes its publication event, as for any publication) and the worker fans it out
// and sends one Web Push message to each, to a push service that accepts fast (bench/push-sink.mjs).
// Measured: sends per second (the event to the last message received) and the API's read latency
// meanwhile, one request at a time, against a baseline measured just before in the same run.
import { createECDH, randomBytes } from 'node:crypto';
import pg from 'pg';
import { ask } from './processes.mjs';

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

export const FOLLOWS_TARGETS = { readP99RatioMax: 3 };

function percentile(sorted, p) {
  return Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))].toFixed(2));
}

/** One reader's requests, one at a time, until `until()` says stop: each one's time in ms. */
async function readLatencies(url, until) {
  const times = [];
  while (!until()) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const summary = (times) => ({ requests: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), p99Ms: percentile(times, 99) });

export async function measureFollows({ apiUrl, databaseUrl, sink, sinkOrigin, followers, seconds }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A story as an approval makes it (the stories module's trigger), and its article, not yet published.
    const suffix = randomBytes(4).toString('hex');
    const topic = await client.query(
      `insert into trending_topic (topic, source, category, status, items, created_at, updated_at) values ($1, 'Outlet', 'Technology', 'approved', '[]'::jsonb, now(), now()) returning id`,
      [`Followed ${suffix}`],
    );
    const approved = await client.query(
      `insert into approved_topic (trending_topic_id, topic, category, status, approved_by, approved_at) values ($1, $2, 'Technology', 'queued', 'bench', now()) returning id`,
      [topic.rows[0].id, `Followed story ${suffix}`],
    );
    const article = await client.query(
      `insert into article (title, slug, content, category, approved, created_at, updated_at) values ($1, $2, '<p>Followed.</p>', 'Technology', false, now(), now()) returning id`,
      [`Followed article ${suffix}`, `followed-article-${suffix}`],
    );
    await client.query(`update approved_topic set article_id = $1, status = 'blog_received' where id = $2`, [article.rows[0].id, approved.rows[0].id]);
    const story = (await client.query(`select id from story where approved_topic_id = $1`, [approved.rows[0].id])).rows[0];
    if (!story) throw new Error('no story was made for the approved topic (the stories module)');
    // One browser key pair for all: each message is still encrypted and signed on its own.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    log(`Seeding ${followers.toLocaleString('en')} push followers of one story...`);
    await client.query(
      `insert into push_subscription (endpoint, p256dh, auth, consent_text, consent_source, consent_at)
       select $1 || '/push/' || n, $2, $3, 'bench', '/bench', now() from generate_series(1, $4::int) n`,
      [sinkOrigin, p256dh, auth, followers],
    );
    await client.query(
      `insert into follow (channel, push_subscription_id, story_id, mode, status, consent_text, consent_source, consent_at, confirmed_at)
       select 'push', s.id, $1, 'each', 'confirmed', 'bench', '/bench', now() - interval '1 minute', now() - interval '1 minute'
         from push_subscription s where s.endpoint like $2 || '/push/%'`,
      [story.id, sinkOrigin],
    );
    await client.query('analyze follow; analyze push_subscription');

    const readUrl = `${apiUrl}/api/articles?approved=true&limit=10`;
    // A second of warm-up first.
    const warmEnd = performance.now() + 1000;
    await readLatencies(readUrl, () => performance.now() > warmEnd);
    log(`Baseline reads for ${seconds} s...`);
    const baselineEnd = performance.now() + seconds * 1000;
    const baseline = summary(await readLatencies(readUrl, () => performance.now() > baselineEnd));

    const before = await ask(sink, { type: 'count' });
    log('Publishing the followed article...');
    const published = performance.now();
    const publishedAt = Date.now();
    await client.query(`update article set stage = 'published', approved = true where id = $1`, [article.rows[0].id]);
    let done = false;
    // Bounded: after BENCH_FOLLOWS_MINUTES the figures are those of what arrived by then (timedOut).
    const timeoutAt = published + Number(process.env.BENCH_FOLLOWS_MINUTES ?? 15) * 60_000;
    const during = readLatencies(readUrl, () => done);
    let now = before;
    let timedOut = false;
    while (now.received - before.received < followers) {
      if (performance.now() > timeoutAt) {
        timedOut = true;
        log(`follows: only ${now.received - before.received} of ${followers} messages arrived in time; reporting those`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
      now = await ask(sink, { type: 'count' });
    }
    done = true;
    const whileSending = summary(await during);
    const received = now.received - before.received;
    // The sink's clock is the wall clock: from the publication, and from its first message to its last.
    const sendSeconds = (now.last - publishedAt) / 1000;
    const firstToLast = (now.last - now.first) / 1000;
    const deliveries = (
      await client.query(
        `select count(*)::int as rows, count(*) filter (where status = 'sent')::int as sent from follow_delivery d join publication_event e on e.id = d.event_id where e.article_id = $1`,
        [article.rows[0].id],
      )
    ).rows[0];
    return {
      followers,
      timedOut,
      received,
      distinctEndpoints: now.distinct - before.distinct,
      deliveryRows: deliveries.rows,
      sentRows: deliveries.sent,
      seconds: Number(sendSeconds.toFixed(1)),
      firstToLastSeconds: Number(firstToLast.toFixed(1)),
      sendsPerSecond: Math.round(received / firstToLast),
      sendsPerSecondFromPublish: Math.round(received / sendSeconds),
      baseline,
      whileSending,
      p50Ratio: Number((whileSending.p50Ms / baseline.p50Ms).toFixed(2)),
      p99Ratio: Number((whileSending.p99Ms / baseline.p99Ms).toFixed(2)),
    };
  } finally {
    await client.end();
  }
}

export function followsRows(figures) {
  if (!figures) return [];
  return [
    '| followers | follows scenario | figure | p50 ms | p95 ms | p99 ms | baseline p50 / p99 ms | ratio p50 / p99 | notes |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---|',
    `| ${figures.followers.toLocaleString('en')} | one update, Web Push | ${figures.sendsPerSecond} sends/s | | | | | | ${figures.timedOut ? 'TIMED OUT: ' : ''}${figures.received} received, first to last in ${figures.firstToLastSeconds} s (${figures.seconds} s after the publication, ${figures.sendsPerSecondFromPublish}/s), ${figures.distinctEndpoints} distinct endpoints, ${figures.sentRows} rows sent of ${figures.deliveryRows} |`,
    `| ${figures.followers.toLocaleString('en')} | API read while sending, 1 connection | ${figures.whileSending.requests} requests | ${figures.whileSending.p50Ms} | ${figures.whileSending.p95Ms} | ${figures.whileSending.p99Ms} | ${figures.baseline.p50Ms} / ${figures.baseline.p99Ms} | ${figures.p50Ratio} / ${figures.p99Ratio} | GET /api/articles?approved=true&limit=10 |`,
  ];
}

export function followsVerdicts(figures) {
  if (!figures) return [];
  const at = `${figures.followers.toLocaleString('en')} followers`;
  return [
    {
      name: `follows, ${at}: messages received, each endpoint once`,
      met: figures.received === figures.followers && figures.distinctEndpoints === figures.followers,
      actual: `${figures.received} (${figures.distinctEndpoints} distinct)`,
      target: `${figures.followers}`,
    },
    {
      name: `follows, ${at}: API read p99 while sending / baseline`,
      met: figures.p99Ratio <= FOLLOWS_TARGETS.readP99RatioMax,
      actual: figures.p99Ratio,
      target: `<= ${FOLLOWS_TARGETS.readP99RatioMax}`,
    },
  ];
}
