// `npm run security:scan`: starts the product as `npm start` does (its own data folder, a free port)
// and points two scanners nobody on the team wrote at it: sqlmap at every endpoint that takes a
// parameter or a JSON body (the admin ones with a signed-in session and its CSRF token), and wapiti
// at the public pages. Each is bounded in time. Prints what they found; exits 1 when they found
// something. Not part of `npm test`: it takes minutes and needs the Debian packages sqlmap and wapiti.
// SCAN_ONLY=<regular expression> scans only the endpoints whose name matches it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { freePort } from './lib/services.mjs';
import { log, ROOT } from './lib/workspace.mjs';

const TARGET_SECONDS = Number(process.env.SCAN_TARGET_SECONDS ?? 90);
const WAPITI_SECONDS = Number(process.env.SCAN_WAPITI_SECONDS ?? 240);
const PARALLEL = Number(process.env.SCAN_PARALLEL ?? 2);
/** Only the endpoints whose name matches this regular expression (e.g. "people|invite"), for a quick scan of what changed. */
const ONLY = process.env.SCAN_ONLY ? new RegExp(process.env.SCAN_ONLY) : null;

for (const tool of ['sqlmap', 'wapiti']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`${tool} is not installed (Debian: apt-get install sqlmap wapiti).`);
    process.exit(2);
  }
}

const workDir = path.join(ROOT, '.data', `security-scan-${new Date().toISOString().replace(/[:.]/g, '-')}`);
fs.mkdirSync(workDir, { recursive: true });
const port = await freePort(0);
const base = `http://127.0.0.1:${port}`;
const admin = { username: 'scan-admin', password: randomBytes(18).toString('base64url') };

log(`Starting the product on ${base} (data in ${workDir})...`);
const product = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    // The address the scanners use is the site's own: its links and sitemap name it.
    PUBLIC_URL: base,
    AI_MIND_DATA_DIR: path.join(workDir, 'data'),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // sqlmap's xforwardedfor tamper gives each payload its own client address, so the per-client rate
    // limits (contact, comments, chat, sign-in) answer the payloads instead of a 429.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', fs.openSync(path.join(workDir, 'product.log'), 'a'), fs.openSync(path.join(workDir, 'product.log'), 'a')],
});
const productExit = new Promise((resolve) => product.once('exit', resolve));

async function stopProduct() {
  if (product.exitCode === null && product.signalCode === null) product.kill('SIGTERM');
  await productExit;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stopProduct().then(() => process.exit(130)));
}

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (product.exitCode !== null) throw new Error(`The product stopped (exit ${product.exitCode}); see ${workDir}/product.log`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The product did not answer at ${base} within ${timeoutMs / 1000} s`);
}

async function signIn() {
  const response = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`Signing in for the scan failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ai_mind_admin='))
    ?.split(';')[0];
  return { cookie, csrfToken: (await response.json()).csrfToken };
}

/** Every endpoint that takes a parameter or a body, with a valid example for the scanner to vary. */
function targets(article, homeViewToken) {
  const json = (value) => JSON.stringify(value);
  const sessionId = 'scan-session-0001';
  return [
    { name: 'articles list', method: 'GET', url: `/api/articles?approved=true&category=Technology&search=ai&limit=5` },
    { name: 'article by slug', method: 'GET', url: `/api/articles/slug/${article.slug}*` },
    { name: 'comments of an article', method: 'GET', url: `/api/articles/${article.id}*/comments` },
    { name: 'new comment', method: 'POST', url: `/api/articles/${article.id}/comments`, data: json({ authorName: 'Ada', content: 'A thoughtful comment.' }) },
    { name: 'chat', method: 'POST', url: '/api/chat', data: json({ message: 'What is this about?', articleId: article.id, sessionId }) },
    { name: 'chat summary', method: 'POST', url: '/api/chat/summary', data: json({ sessionId, articleId: article.id }) },
    { name: 'contact', method: 'POST', url: '/api/contact', data: json({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A message.' }) },
    { name: 'interactions', method: 'POST', url: '/api/interactions', data: json({ articleId: article.id, type: 'like' }) },
    { name: 'newsletter', method: 'POST', url: '/api/newsletter', data: json({ email: 'reader@example.com' }) },
    { name: 'page view token', method: 'GET', url: '/api/analytics/pageview-token?path=/about' },
    { name: 'page view', method: 'POST', url: '/api/analytics/pageview', data: json({ path: '/', title: 'Home', source: 'direct', token: homeViewToken }) },
    { name: 'sign-in', method: 'POST', url: '/api/admin/login', data: json({ username: 'scan-nobody', password: 'not-the-password' }), ignore: '401' },
    {
      name: 'automation intake',
      method: 'POST',
      url: '/api/automation/blog',
      data: json({ approvedTopicId: 1, title: 'T', content: '<p>x</p>' }),
      ignore: '401',
    },
    { name: 'admin: trending topics', method: 'GET', url: '/api/trending-topics?refresh=false', admin: true },
    {
      name: 'admin: edit article',
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}*`,
      data: json({ title: article.title, content: '<p>Scanned.</p>', metaDescription: 'Scanned.' }),
      admin: true,
    },
    { name: 'admin: publish', method: 'POST', url: '/api/admin/approve-blog', data: json({ blogId: article.id }), admin: true },
    {
      name: 'admin: delete (an id that does not exist)',
      method: 'POST',
      url: '/api/admin/decline-blog',
      data: json({ blogId: 999999 }),
      admin: true,
      ignore: '404',
    },
    {
      name: 'admin: approve topic',
      method: 'POST',
      url: '/api/admin/approve-topic',
      data: json({ topicId: 1, topic: 'A topic', category: 'Technology', sourceUrl: null, singleSource: true, note: 'A scanned topic.' }),
      admin: true,
    },
    { name: 'admin: decline topic', method: 'POST', url: '/api/admin/decline-topic', data: json({ topicId: 1, topic: 'A topic' }), admin: true, ignore: '404' },
    { name: 'admin: regenerate images', method: 'POST', url: '/api/admin/regenerate-images', data: json({ blogIds: [article.id] }), admin: true },
    { name: 'admin: article history', method: 'GET', url: `/api/admin/articles/${article.id}*/revisions`, admin: true },
    { name: 'admin: one version', method: 'GET', url: `/api/admin/articles/${article.id}*/revisions/1*`, admin: true, ignore: '404' },
    {
      name: 'admin: restore a version',
      method: 'POST',
      url: `/api/admin/articles/${article.id}/revisions/1/restore`,
      data: json({ version: 1 }),
      admin: true,
      ignore: '404',
    },
    { name: 'admin: article list', method: 'GET', url: '/api/admin/articles?search=ai&status=published&category=Technology&sort=likes&limit=10', admin: true },
    { name: 'admin: one article', method: 'GET', url: `/api/admin/articles/${article.id}*`, admin: true },
    { name: 'admin: comments', method: 'GET', url: `/api/admin/comments?articleId=${article.id}&search=ada&spam=false&limit=10`, admin: true },
    { name: 'admin: delete comments', method: 'POST', url: '/api/admin/comments/delete', data: json({ ids: [999999] }), admin: true },
    { name: 'admin: mark comments as spam', method: 'POST', url: '/api/admin/comments/spam', data: json({ ids: [999999], spam: true }), admin: true },
    { name: 'admin: contact messages', method: 'GET', url: '/api/admin/contact-submissions?search=hello&handled=false&limit=10', admin: true },
    {
      name: 'admin: mark messages handled',
      method: 'POST',
      url: '/api/admin/contact-submissions/handled',
      data: json({ ids: [999999], handled: true }),
      admin: true,
    },
    { name: 'admin: delete messages', method: 'POST', url: '/api/admin/contact-submissions/delete', data: json({ ids: [999999] }), admin: true },
    { name: 'admin: audit log', method: 'GET', url: '/api/admin/audit-log?actor=admin&action=approve&from=2026-01-01&to=2026-12-31&limit=10', admin: true },
    { name: 'admin: queue dashboard jobs', method: 'GET', url: '/api/admin/queues/api/queues?activeQueue=images&status=failed&page=1', admin: true },
    // The newsroom, the public record, the newsletter and the analytics.
    { name: 'corrections', method: 'GET', url: '/api/corrections' },
    {
      name: 'report an error',
      method: 'POST',
      url: `/api/articles/${article.id}/error-reports`,
      data: json({ details: 'The second figure looks wrong.', quote: 'A sentence.' }),
    },
    { name: 'newsletter: leave', method: 'GET', url: '/api/newsletter/unsubscribe?token=1.abc' },
    { name: 'admin: people', method: 'GET', url: '/api/admin/people', admin: true },
    {
      name: 'admin: invite',
      method: 'POST',
      url: '/api/admin/people',
      data: json({ username: 'scan.writer', displayName: 'Scan Writer', email: 'scan@example.com', role: 'writer' }),
      admin: true,
      ignore: '409',
    },
    { name: 'admin: change a role', method: 'POST', url: '/api/admin/people/999999*/role', data: json({ role: 'editor' }), admin: true, ignore: '404' },
    { name: 'admin: assignees', method: 'GET', url: '/api/admin/assignees', admin: true },
    { name: 'admin: assign', method: 'PUT', url: `/api/admin/articles/${article.id}*/assignee`, data: json({ assigneeId: null }), admin: true, ignore: '409' },
    {
      name: 'admin: submit for review',
      method: 'POST',
      url: `/api/admin/articles/${article.id}*/submit`,
      data: json({ note: 'Ready for a look.' }),
      admin: true,
      ignore: '409',
    },
    {
      name: 'admin: schedule',
      method: 'POST',
      url: `/api/admin/articles/${article.id}*/schedule`,
      data: json({ at: '2030-01-01T09:00:00+00:00', note: 'Morning.' }),
      admin: true,
      ignore: '409',
    },
    { name: 'admin: provenance', method: 'GET', url: `/api/admin/articles/${article.id}*/provenance`, admin: true },
    {
      name: 'admin: add a correction',
      method: 'POST',
      url: `/api/admin/articles/${article.id}*/corrections`,
      data: json({ kind: 'correction', text: 'An earlier version gave the wrong year.' }),
      admin: true,
    },
    { name: 'admin: error reports', method: 'GET', url: `/api/admin/error-reports?status=new&article=${article.id}`, admin: true },
    { name: 'admin: refused calls', method: 'GET', url: '/api/admin/audit-log/refusals?from=2026-01-01&to=2026-12-31&limit=10', admin: true },
    { name: 'admin: subscribers', method: 'GET', url: '/api/admin/newsletter/subscribers?search=example&status=confirmed&limit=10', admin: true },
    { name: 'admin: subscribers as CSV', method: 'GET', url: '/api/admin/newsletter/subscribers.csv?search=example&status=pending', admin: true },
    {
      name: 'admin: digest schedule',
      method: 'PUT',
      url: '/api/admin/newsletter/settings',
      data: json({ cadence: 'weekly', weekday: 1, sendTime: '08:00' }),
      admin: true,
    },
    { name: 'admin: views chart', method: 'GET', url: '/api/admin/analytics/views?from=2026-01-01&to=2026-12-31&interval=week', admin: true },
    { name: 'admin: top articles', method: 'GET', url: '/api/admin/analytics/articles?from=2026-01-01&to=2026-12-31', admin: true },
    // Stories, following them, the outlets behind a topic, the sources watched, and the social web.
    { name: 'story of an article', method: 'GET', url: `/api/articles/${article.id}*/story` },
    { name: 'story', method: 'GET', url: '/api/stories/no-such-story*', ignore: '404' },
    { name: 'follow: leave', method: 'GET', url: '/api/follows/unsubscribe?token=1.abc' },
    {
      name: 'follow by push',
      method: 'POST',
      url: '/api/follows/push',
      data: json({
        subscription: { endpoint: 'https://push.example/send/abc', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
        target: { category: 'Technology' },
        consent: true,
      }),
    },
    { name: 'webfinger', method: 'GET', url: `/.well-known/webfinger?resource=acct:news@127.0.0.1:${port}` },
    { name: 'admin: stories', method: 'GET', url: '/api/admin/stories', admin: true },
    { name: 'admin: merge stories', method: 'POST', url: '/api/admin/stories/999999*/merge', data: json({ intoStoryId: 999998 }), admin: true, ignore: '404' },
    {
      name: 'admin: split a story',
      method: 'POST',
      url: '/api/admin/stories/999999*/split',
      data: json({ articleId: article.id, title: 'A thread of its own' }),
      admin: true,
      ignore: '404',
    },
    { name: 'admin: settle a story', method: 'PUT', url: '/api/admin/stories/999999*/status', data: json({ status: 'settled' }), admin: true, ignore: '404' },
    { name: 'admin: story followers', method: 'GET', url: '/api/admin/stories/followers', admin: true },
    { name: 'admin: follows analytics', method: 'GET', url: '/api/admin/analytics/follows?from=2026-01-01&to=2026-12-31', admin: true },
    {
      name: 'admin: add an outlet',
      method: 'POST',
      url: '/api/admin/outlets',
      data: json({ name: 'Scan Gazette', owner: 'Scan Media', side: '' }),
      admin: true,
      ignore: '409',
    },
    {
      name: 'admin: edit an outlet',
      method: 'PUT',
      url: '/api/admin/outlets/999999*',
      data: json({ name: 'Scan Gazette', owner: 'Scan Media', side: 'left' }),
      admin: true,
      ignore: '404',
    },
    { name: 'admin: sourcing settings', method: 'PUT', url: '/api/admin/outlets/settings', data: json({ minIndependentOutlets: 2 }), admin: true },
    { name: 'admin: outlets of an article', method: 'GET', url: `/api/admin/outlets/articles/${article.id}*`, admin: true },
    { name: 'admin: source changes', method: 'GET', url: '/api/admin/source-changes?status=open', admin: true },
    {
      name: 'admin: resolve a source change',
      method: 'POST',
      url: '/api/admin/source-changes/999999*/status',
      data: json({ status: 'resolved' }),
      admin: true,
      ignore: '404',
    },
    { name: 'admin: fediverse block', method: 'POST', url: '/api/admin/fediverse/blocks', data: json({ kind: 'domain', value: 'spam.example' }), admin: true },
    {
      name: 'admin: fediverse follow',
      method: 'POST',
      url: '/api/admin/fediverse/following',
      data: json({ handle: '@news@scan.invalid' }),
      admin: true,
      ignore: '400',
    },
    {
      name: 'admin: fediverse moderate a reply',
      method: 'POST',
      url: '/api/admin/fediverse/replies/999999*',
      data: json({ status: 'published' }),
      admin: true,
      ignore: '404',
    },
    {
      name: 'admin: fediverse reply as the site',
      method: 'POST',
      url: '/api/admin/fediverse/posts/999999*/replies',
      data: json({ content: 'A reply.' }),
      admin: true,
      ignore: '404',
    },
  ];
}

/**
 * Findings reviewed and accepted, with the reason: printed as such, and they do not fail the scan.
 * Anything else a scanner reports does.
 */
const ACCEPTED = [
  {
    category: 'HTTP Secure Headers',
    info: /X-XSS-Protection/,
    reason: 'deprecated header; the Content-Security-Policy replaces it (OWASP advises not to set it)',
  },
  {
    category: 'HTTP Secure Headers',
    info: /Strict-Transport-Security/,
    reason: 'sent in production only, where TLS ends in front of the API; the scan runs over plain HTTP',
  },
];

/** One sqlmap run, killed at the time limit; its verdict from what it printed. */
function sqlmap(target, session) {
  const headers = ['Accept: application/json'];
  if (target.data) headers.push('Content-Type: application/json');
  if (target.admin) headers.push(`x-csrf-token: ${session.csrfToken}`);
  const args = [
    '-u',
    `${base}${target.url}`,
    '--method',
    target.method,
    ...(target.data ? ['--data', target.data] : []),
    '--headers',
    headers.join('\n'),
    ...(target.admin ? ['--cookie', session.cookie, '--skip', 'ai_mind_admin'] : []),
    // The example's own answer (a refused sign-in, an unknown id) is what the payloads are compared with.
    ...(target.ignore ? ['--ignore-code', target.ignore] : []),
    '--batch',
    '--level',
    '2',
    '--risk',
    '1',
    '--dbms',
    'PostgreSQL',
    '--time-sec',
    '2',
    '--timeout',
    '10',
    '--retries',
    '1',
    '--tamper',
    'xforwardedfor',
    '--flush-session',
    '--disable-coloring',
    // A folder per endpoint: parallel runs against one host would otherwise share one session file.
    '--output-dir',
    path.join(workDir, 'sqlmap', target.name.replace(/\W+/g, '-')),
  ];
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TARGET_SECONDS * 1000);
    child.on('exit', () => {
      clearTimeout(timer);
      fs.writeFileSync(path.join(workDir, `sqlmap-${target.name.replace(/\W+/g, '-')}.log`), output);
      if (/identified the following injection point/.test(output)) return resolve({ verdict: 'INJECTABLE', found: true });
      if (/do not appear to be injectable/.test(output)) return resolve({ verdict: 'no injection found', found: false });
      const timedOut = !/\[\*\] ending @/.test(output);
      const last = output
        .split('\n')
        .filter((line) => /\[(CRITICAL|ERROR)\]/.test(line))
        .pop()
        ?.replace(/^.*\[(CRITICAL|ERROR)\]\s*/, '');
      resolve({ verdict: timedOut ? `no injection found within ${TARGET_SECONDS} s (time limit)` : `inconclusive: ${last ?? 'see log'}`, found: false });
    });
  });
}

async function runSqlmap(list, session) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < list.length) {
        const target = list[next++];
        const result = await sqlmap(target, session);
        log(`sqlmap ${target.method} ${target.url}: ${result.verdict}`);
        results.push({ target, ...result });
      }
    }),
  );
  return results;
}

/**
 * wapiti over the site from its home page, bounded; the findings by category. (Debian's wapiti 3.0.4
 * cannot take -x exclusions on Python 3.11; the admin pages it may reach hold no data without a session.)
 */
function runWapiti(startUrls) {
  const report = path.join(workDir, 'wapiti.json');
  const run = spawnSync(
    'wapiti',
    [
      '-u',
      `${base}/`,
      '--scope',
      'folder',
      '-d',
      '3',
      '--max-links-per-page',
      '40',
      '--max-scan-time',
      String(WAPITI_SECONDS),
      '--max-attack-time',
      String(Math.max(30, WAPITI_SECONDS / 4)),
      ...startUrls.flatMap((url) => ['-s', url]),
      '--flush-session',
      '-f',
      'json',
      '-o',
      report,
      '-v',
      '0',
    ],
    { encoding: 'utf8', timeout: (WAPITI_SECONDS + 120) * 1000 },
  );
  fs.writeFileSync(path.join(workDir, 'wapiti.log'), `${run.stdout ?? ''}${run.stderr ?? ''}`);
  if (!fs.existsSync(report)) return { error: `wapiti wrote no report (exit ${run.status}); see ${workDir}/wapiti.log` };
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8'));
  const count = (group) =>
    Object.fromEntries(
      Object.entries(group ?? {})
        .filter(([, items]) => items.length > 0)
        .map(([name, items]) => [name, items]),
    );
  return {
    vulnerabilities: count(parsed.vulnerabilities),
    anomalies: count(parsed.anomalies),
    urls: parsed.infos?.crawled_pages_nbr ?? parsed.infos?.['crawled_pages']?.length,
  };
}

let exitCode = 0;
try {
  await waitForHealth(15 * 60 * 1000);
  const session = await signIn();
  const [article] = await (await fetch(`${base}/api/articles?approved=true&limit=1`)).json();
  if (!article) throw new Error('The product has no published article to scan with');

  // A page view carries the token of its page, as the home page's would.
  const { token: homeViewToken } = await (await fetch(`${base}/api/analytics/pageview-token?path=/`)).json();
  const list = targets(article, homeViewToken).filter((target) => !ONLY || ONLY.test(target.name));
  log(`sqlmap on ${list.length} endpoints, ${PARALLEL} at a time, at most ${TARGET_SECONDS} s each...`);
  const sqlResults = await runSqlmap(list, session);
  log(`wapiti on the public pages, at most ${WAPITI_SECONDS} s...`);
  // The pages render their links as they hydrate, so the crawl also starts from every page the sitemap lists.
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).filter((url) => url.startsWith(base));
  // /sitemap.xml is the index of gzip files.
  const files = locs(await (await fetch(`${base}/sitemap.xml`)).text());
  const pages = [];
  for (const file of files) pages.push(...locs(gunzipSync(Buffer.from(await (await fetch(file)).arrayBuffer())).toString('utf8')));
  const wapiti = runWapiti(pages.slice(0, 40));

  const injectable = sqlResults.filter((result) => result.found);
  console.log('\nsecurity scan results');
  console.log(`sqlmap: ${list.length} endpoints, ${injectable.length} injectable`);
  for (const result of sqlResults) console.log(`  ${result.found ? 'FOUND' : 'ok   '} ${result.target.method} ${result.target.url}: ${result.verdict}`);
  if (wapiti.error) {
    console.log(`wapiti: ${wapiti.error}`);
    exitCode = 1;
  } else {
    const findings = [...Object.entries(wapiti.vulnerabilities), ...Object.entries(wapiti.anomalies)].flatMap(([category, items]) =>
      items.map((item) => ({ category, item, accepted: ACCEPTED.find((a) => a.category === category && a.info.test(item.info ?? '')) })),
    );
    const open = findings.filter((finding) => !finding.accepted);
    console.log(`wapiti: ${findings.length} findings, ${open.length} not accepted`);
    for (const { category, item, accepted } of findings) {
      const line = `${category}: ${item.method ?? ''} ${item.path ?? ''} ${item.parameter ? `(${item.parameter})` : ''} ${item.info ?? ''}`
        .replace(/\s+/g, ' ')
        .trim();
      console.log(`  ${accepted ? `accepted   ${line} (${accepted.reason})` : `FOUND      ${line}`}`);
    }
    if (open.length > 0) exitCode = 1;
  }
  if (injectable.length > 0) exitCode = 1;
  console.log(`logs and reports: ${workDir}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 2;
} finally {
  await stopProduct();
}
process.exit(exitCode);
