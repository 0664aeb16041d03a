// One writer against every reader (issue 42): the cached read measured while an editor saves the
// largest article body allowed, as deep as allowed, 10 times in a row, on a generated draft whose
// every save is sanitized and checked against its sources.
import pg from 'pg';
import { ARTICLE_CONTENT_MAX_DEPTH, ARTICLE_CONTENT_MAX_LENGTH } from '@ai-mind/contracts';
import { ask } from './processes.mjs';

const SAVES = 10;
const CACHED_READ = '/api/articles?approved=true';

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value) => value?.toFixed(1);

/** The largest body allowed: quotes in quotes down to a paragraph, as deep as allowed, up to the length limit; `n` makes each save a change. */
function largestBody(n) {
  const paragraph = `<p>The grid operator said ${n} plants in Texas would close by 2030 [1].</p>`;
  const quoted = `${'<blockquote>'.repeat(ARTICLE_CONTENT_MAX_DEPTH - 1)}${paragraph}${'</blockquote>'.repeat(ARTICLE_CONTENT_MAX_DEPTH - 1)}`;
  return quoted.repeat(Math.floor(ARTICLE_CONTENT_MAX_LENGTH / quoted.length));
}

/** A draft generated for an approved topic with one source, so that each save of it is checked against that source. */
async function generatedDraft(databaseUrl, run) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const topic = await client.query(
      `insert into approved_topic (topic, category, status, approved_by, approved_at) values ($1, 'Economics', 'blog_received', 'bench', now()) returning id`,
      [`Writer stall ${run}`],
    );
    await client.query(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, text, content_hash)
       values ($1, 1, 'Markets Desk', 'Plants to close', 'The grid operator said 3 plants in Texas would close by 2030.', 'https://markets.example/1', 'feed_only', $2, 'a')`,
      [topic.rows[0].id, 'Reserve margins are thin this winter. '.repeat(200)],
    );
    const article = await client.query(
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       values ($1, $2, '<p>A generated draft.</p>', 'Economics', false, now(), now()) returning id`,
      [`Writer stall ${run}`, `writer-stall-${run}`],
    );
    await client.query('update approved_topic set article_id = $1 where id = $2', [article.rows[0].id, topic.rows[0].id]);
    return article.rows[0].id;
  } finally {
    await client.end();
  }
}

/** The cached list read one request at a time while one editor saves the largest body allowed SAVES times in a row. */
export async function measureWriterStall({ apiUrl, admin, load, databaseUrl }) {
  const id = await generatedDraft(databaseUrl, Date.now());
  const save = async (n) => {
    const response = await fetch(`${apiUrl}/api/admin/blogs/${id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Writer stall ${n}`, content: largestBody(n) }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`Saving the largest body failed: ${response.status}`);
  };
  // As on a running site: the list cached, the sanitizer's and the claim check's threads started.
  await (await fetch(`${apiUrl}${CACHED_READ}`)).arrayBuffer();
  const firstStarted = performance.now();
  await save(0);
  const oneSaveSeconds = (performance.now() - firstStarted) / 1000;
  const read = ask(load, {
    targets: { api: apiUrl },
    scenario: { kind: 'fixed', path: CACHED_READ },
    connections: 1,
    // As long as the saves are expected to take, so that the reads fall while they run.
    rounds: [{ target: 'api', seconds: Math.max(2, Math.ceil(oneSaveSeconds * SAVES)) }],
  });
  const savesStarted = performance.now();
  for (let n = 1; n <= SAVES; n++) await save(n);
  const savesSeconds = (performance.now() - savesStarted) / 1000;
  const during = await read;
  log(
    `writer: cached read p50 ${ms(during.api.p50)} ms, p99 ${ms(during.api.p99)} ms while ${SAVES} saves of ${largestBody(0).length} characters took ${savesSeconds.toFixed(1)} s`,
  );
  return {
    name: `cached read while one writer saves the largest body ${SAVES} times`,
    path: CACHED_READ,
    api: during.api,
    saves: SAVES,
    savesSeconds: Number(savesSeconds.toFixed(1)),
  };
}
