// The social web's fan-out (docs/fediverse.md): one article published to 10,000 followers whose servers
// have 500 shared inboxes, delivered by the worker to a local stand-in inbox server, measured as
// deliveries per second; the API's read latency meanwhile, as a ratio to the same reads just before.
import http from 'node:http';
import pg from 'pg';

/** A stand-in for 500 fediverse servers' shared inboxes: answers 202 to every post and counts them. */
export async function startInboxStandIn() {
  let posts = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST') posts += 1;
      response.writeHead(request.method === 'POST' ? 202 : 404);
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, posts: () => posts, close: () => new Promise((resolve) => server.close(resolve)) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sequential reads of the newest articles for `ms` (or until `until` says stop): their latencies, sorted. */
async function readLatencies(apiUrl, { ms, until }) {
  const times = [];
  const end = Date.now() + ms;
  let page = 0;
  while (until ? !until() : Date.now() < end) {
    const started = performance.now();
    // A different page each time, as readers ask: not only the prepared answer of one URL.
    const response = await fetch(`${apiUrl}/api/articles?approved=true&limit=20&category=${['Economics', 'Politics', 'Technology'][page++ % 3]}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export async function measureFediverse({ apiUrl, databaseUrl, inbox, followers = 10_000, inboxes = 500 }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('delete from fediverse_follower');
    // The worker's outbox first passes over the seeded history (nobody followed then), so that only the
    // article published below is delivered.
    const outboxDeadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query(
        `select coalesce((select (value #>> '{}')::bigint from fediverse_kv where key = 'ai-mind' || chr(31) || 'outbox-cursor'), -1) >= (select coalesce(max(id), 0) from article_revision) as caught_up`,
      );
      if (rows[0].caught_up) break;
      if (Date.now() > outboxDeadline) throw new Error('The outbox did not pass over the seeded articles within a minute');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await client.query(
      `insert into fediverse_follower (actor_url, handle, inbox_url, shared_inbox_url, follow_id)
       select $1 || '/users/' || n, '@u' || n || '@bench' || (n % $2), $1 || '/users/' || n || '/inbox', $1 || '/inbox/' || (n % $2), $1 || '/follows/' || n
         from generate_series(1, $3::int) as n`,
      [inbox.origin, inboxes, followers],
    );
    const baseline = await readLatencies(apiUrl, { ms: 5_000 });
    const before = inbox.posts();
    const { rows } = await client.query(
      `insert into article (title, slug, content, category, ai_commentary, likes, shares, comments, approved, meta_title, meta_description, created_at, updated_at)
       values ('Federated at scale', 'federated-at-scale-' || floor(random() * 1e9)::bigint, '<p>One article, ten thousand followers.</p>', 'Technology',
               'The AI Mind notes: everyone is listening.', 0, 0, 0, true, 'Federated at scale', 'One article, ten thousand followers.', now(), now())
       returning id`,
    );
    const articleId = rows[0].id;
    const started = Date.now();
    let done = false;
    const during = readLatencies(apiUrl, { ms: 0, until: () => done });
    const deadline = started + 300_000;
    let settled = { sent: 0, failed: 0 };
    while (Date.now() < deadline) {
      const counts = await client.query(
        `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed
           from fediverse_delivery where article_id = $1`,
        [articleId],
      );
      settled = counts.rows[0];
      if (settled.sent + settled.failed >= inboxes) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (Date.now() - started) / 1000;
    done = true;
    const meanwhile = await during;
    const p = (sorted) => ({
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p95: Number(percentile(sorted, 95).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
    });
    const base = p(baseline);
    const load = p(meanwhile);
    return {
      followers,
      inboxes,
      delivered: settled.sent,
      failed: settled.failed,
      postsReceived: inbox.posts() - before,
      seconds: Number(seconds.toFixed(1)),
      deliveriesPerSecond: Number((settled.sent / seconds).toFixed(1)),
      readsBefore: { count: baseline.length, ...base },
      readsDuring: { count: meanwhile.length, ...load },
      readP95Ratio: Number((load.p95 / base.p95).toFixed(2)),
    };
  } finally {
    await client.query('delete from fediverse_follower');
    await client.end();
  }
}
