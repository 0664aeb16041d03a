import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import net from 'node:net';
import path from 'node:path';
import { createApiApp } from '../../src/app/create-api-app.js';
import type { RegisteredRoute } from '../../src/app/route-registry.js';
import { Article } from '../../src/modules/articles/index.js';
import { roleMay, type Role } from '../../src/modules/auth/permissions.js';
import { createArticle } from '../support/article-factory.js';
import { signInAdmin } from '../support/admin-session.js';
import { writeFakeBuild } from '../support/fake-web-build.js';
import { createOwnDatabase } from '../support/own-database.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally } from './attack-tally.js';

const tally = attackTally('route-spelling');

/**
 * Every route that is not admin-only, reviewed one by one (a reader's change is `public-write`: only
 * from the site itself): a route that opens up (declares @Public, @PublicWrite or another access)
 * without being added here fails the test, and so does an entry whose route went away or became
 * admin-only. HEAD routes follow their GET route.
 */
const REVIEWED_OPEN_ROUTES: Record<string, RegisteredRoute['access']> = {
  'POST /api/admin/login': 'sign-in',
  'GET /api/admin/check': 'sign-in',
  'POST /api/admin/logout': 'sign-in',
  // The invitee's page: the one-time link's token is the proof.
  'POST /api/admin/set-password': 'sign-in',
  'POST /api/automation/blog': 'signature',
  'GET /api/articles': 'public',
  'GET /api/articles/slug/:slug': 'public',
  'GET /api/articles/:id/comments': 'public',
  'POST /api/articles/:id/comments': 'public-write',
  // A reader's "Report an error" on an article.
  'POST /api/articles/:id/error-reports': 'public-write',
  // Every correction and update note of the published articles (the /corrections page).
  'GET /api/corrections': 'public',
  // The newsroom's published promises (publishing principles, policies, masthead, ownership).
  'GET /api/newsroom/:page': 'public',
  // The public forms as the browser posts them without JavaScript: a redirect back with the outcome.
  'POST /api/articles/:id/comments/form': 'public-write',
  'POST /api/contact/form': 'public-write',
  'POST /api/articles/:id/error-reports/form': 'public-write',
  'POST /api/newsletter/form': 'public-write',
  'POST /api/chat': 'public-write',
  'POST /api/chat/summary': 'public-write',
  'POST /api/contact': 'public-write',
  'GET /api/geo': 'public',
  'GET /api/health': 'public',
  'POST /api/interactions': 'public-write',
  // The Like and Share buttons' no-JavaScript form: a redirect back after the like or the share.
  'POST /api/interactions/form': 'public-write',
  'POST /api/newsletter': 'public-write',
  // The newsletter emails' links: the signed token is checked, then the page with its form.
  'GET /api/newsletter/confirm': 'public',
  'GET /api/newsletter/unsubscribe': 'public',
  // RFC 8058's one-click unsubscribe, posted by the reader's mail program: the signed token is the proof.
  'POST /api/newsletter/unsubscribe': 'signature',
  // The forms of the pages those links lead to.
  'POST /api/newsletter/confirm/form': 'public-write',
  'POST /api/newsletter/unsubscribe/form': 'public-write',
  'POST /api/newsletter/erase/form': 'public-write',
  'POST /api/analytics/pageview': 'public-write',
  // The token a page view of a page the site opened itself sends: only a public page's path has one.
  'GET /api/analytics/pageview-token': 'public',
  'GET /api/trending': 'public',
  'GET /sitemap.xml': 'public',
  // The sitemap's files, listed by /sitemap.xml.
  'GET /sitemaps/:file': 'public',
  'GET /rss.xml': 'public',
  'GET /robots.txt': 'public',
  // JournalList's trust.txt: what the operator configured.
  'GET /trust.txt': 'public',
  // Static files (article images, the built frontends) and the pages of the sites.
  'GET /media/*': 'public',
  'GET /static/*': 'public',
  'GET /remotes/public/*': 'public',
  'GET /remotes/admin/*': 'public',
  'GET /favicon.svg': 'public',
  'GET /favicon.ico': 'public',
  'GET /*': 'public',
  // A story's public page (docs/stories.md) and the story an article belongs to.
  'GET /api/stories/:slug': 'public',
  'GET /api/articles/:id/story': 'public',
  // Following a story or a category (docs/follows.md): the email form and its links, as the newsletter's;
  // the push service's public key and a subscription made with the reader's consent; the service worker.
  'POST /api/follows/form': 'public-write',
  'GET /api/follows/confirm': 'public',
  'GET /api/follows/unsubscribe': 'public',
  'POST /api/follows/unsubscribe': 'signature',
  'POST /api/follows/confirm/form': 'public-write',
  'POST /api/follows/unsubscribe/form': 'public-write',
  'GET /api/follows/push/key': 'public',
  'POST /api/follows/push': 'public-write',
  'GET /push-sw.js': 'public',
  // The social web (modules/fediverse, docs/fediverse.md): WebFinger, NodeInfo, the actor and its collections,
  // the site's own reply notes at their ids (/ap/notes/<id>, /ap/replies/<id>, inside GET /ap/*), and its inboxes, whose HTTP signature Fedify verifies (unsigned posts are refused before).
  'GET /.well-known/webfinger': 'public',
  'GET /.well-known/nodeinfo': 'public',
  'GET /nodeinfo/2.1': 'public',
  'GET /ap/*': 'public',
  'POST /ap/*': 'signature',
};

/**
 * What an admin route may answer a caller without a session: 401/403 from the access gate, 404 when
 * the spelling matches no route, 400 when it is no valid request target at all (`\\api`, `%u0061`).
 */
const REFUSED = [400, 401, 403, 404];

/** A concrete path for a route pattern: `1` for each parameter, `x` for a wildcard. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');

const encodeChar = (char: string, upperHex: boolean) => {
  const hex = char.charCodeAt(0).toString(16);
  return `%${upperHex ? hex.toUpperCase() : hex}`;
};

/**
 * The path spelled in every way a router, a proxy or a decoder might turn back into it: percent-
 * encoded letters (lower and upper hex), double encoding, encoded and doubled slashes, dot segments
 * (plain and encoded), case changes, a trailing slash, `;` parameters, backslashes and the
 * absolute-form request target. Sent byte for byte as written.
 */
function spellings(canonical: string, origin: string): string[] {
  const segments = canonical.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const at = (i: number, segment: string) => join(segments.map((s, j) => (j === i ? segment : s)));
  const out = new Set<string>([
    canonical,
    `/${canonical}`,
    `/.${canonical}`,
    `/x/..${canonical}`,
    `/%2e${canonical}`,
    `/x/%2e%2e${canonical}`,
    `${canonical}/`,
    `${canonical}//`,
    `${canonical};x=1`,
    `${canonical}%3Bx=1`,
    `${canonical}?`,
    `${canonical}%00`,
    `${canonical}%20`,
    canonical.toUpperCase(),
    `${origin}${canonical}`,
    `${origin}/${canonical}`,
    canonical.replaceAll('/', '\\'),
    canonical.replaceAll('/', '%2F'),
    canonical.replaceAll('/', '%2f'),
  ]);
  segments.forEach((segment, i) => {
    const before = segments.slice(0, i);
    const after = segments.slice(i);
    out.add(join([...before, '', ...after]));
    out.add(join([...before, '.', ...after]));
    out.add(join([...before, 'x', '..', ...after]));
    out.add(join([...before, 'x', '%2e%2e', ...after]));
    out.add(`${join(before)}${i > 0 ? '%2F' : ''}${after.join('/')}`.replace(/^(?!\/)/, '/'));
    out.add(`${join(before)}${i > 0 ? '\\' : ''}${after.join('/')}`.replace(/^(?!\/)/, '/'));
    out.add(at(i, `${segment};x=1`));
    out.add(at(i, segment.toUpperCase()));
    out.add(at(i, segment.charAt(0).toUpperCase() + segment.slice(1)));
    const letter = [...segment].findIndex((c) => /[a-z]/i.test(c));
    if (letter === -1) return;
    const c = segment[letter]!;
    const with_ = (replacement: string) => at(i, segment.slice(0, letter) + replacement + segment.slice(letter + 1));
    out.add(with_(encodeChar(c, false)));
    out.add(with_(encodeChar(c, true)));
    out.add(with_(`%25${encodeChar(c, true).slice(1)}`));
    out.add(with_(`%u00${encodeChar(c, true).slice(1)}`));
    out.add(at(i, [...segment].map((ch) => encodeChar(ch, false)).join('')));
  });
  return [...out];
}

interface RawAnswer {
  status: number;
}

/** One request with exactly these bytes as its request target, on a new connection. */
function sendRaw(port: number, method: string, target: string, requestId: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const body = ['GET', 'HEAD', 'OPTIONS'].includes(method) ? '' : '{}';
  const head =
    `${method} ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\nx-request-id: ${requestId}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    (body ? `content-type: application/json\r\ncontent-length: ${body.length}\r\n` : '') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const statusLine = Buffer.concat(chunks).toString('latin1').split('\r\n', 1)[0]!;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
      resolve({ status });
    });
    // Not end(): a half-closed socket may be dropped before the answer; `connection: close` ends it.
    socket.write(head + body);
  });
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('attacks on access: every route under every spelling of its path, without a session', () => {
  let app: NestFastifyApplication;
  let port: number;
  let routes: RegisteredRoute[];
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;

  // A database of its own: the last case counts every backup row, which no other test may add to meanwhile.
  beforeAll(async () => {
    own = await createOwnDatabase();
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(
      testConfig({ DATABASE_URL: own.url, SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, AUTOMATION_WEBHOOK_SECRET: 'a-secret-of-at-least-16-chars' }),
    );
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as net.AddressInfo).port;
    routes = app.getHttpAdapter().getInstance().registeredRoutes;
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  it('opens no route that is not on the reviewed list', () => {
    // A HEAD route answers as its GET route does, so it is reviewed with it.
    const open = Object.fromEntries(
      routes.filter((route) => route.access !== 'admin').map((route) => [`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`, route.access]),
    );
    expect(open).toEqual(REVIEWED_OPEN_ROUTES);
  });

  it('finds the admin routes of every kind: Nest controllers in each feature module and the queue dashboard plugin', () => {
    const admin = routes.filter((route) => route.access === 'admin').map((route) => `${route.method} ${route.url}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/admin/contact-submissions',
        'PUT /api/admin/blogs/:id',
        'POST /api/admin/decline-blog',
        'POST /api/admin/regenerate-images',
        'POST /api/admin/decline-topic',
        'GET /api/trending-topics',
        'GET /api/admin/queues',
        'PUT /api/admin/queues/api/queues/:queueName/retry/:queueStatus',
      ]),
    );
  });

  it('refuses every admin route under every spelling (400, 401, 403 or 404), answers no route with a 5xx, and counts each refusal, with samples of the path as sent', async () => {
    const attacks = routes.flatMap((route) =>
      spellings(concrete(route.url), `http://127.0.0.1:${port}`).map((target, i) => ({ route, target, requestId: `spell-${uniqueSuffix()}-${i}` })),
    );
    const wrong: string[] = [];
    const refused: { requestId: string; target: string; status: number }[] = [];
    await inParallel(attacks, 8, async ({ route, target, requestId }) => {
      const { status } = await sendRaw(port, route.method, target, requestId);
      const held = route.access === 'admin' ? REFUSED.includes(status) : status > 0 && status < 500;
      if (route.access === 'admin') tally.attempt(held);
      if (!held) wrong.push(`${route.method} ${target} (${route.access} route ${route.url}): ${status}`);
      if (route.access === 'admin' && (status === 401 || status === 403)) refused.push({ requestId, target, status });
    });
    expect(wrong).toEqual([]);
    const adminAttacks = attacks.filter((a) => a.route.access === 'admin').length;
    process.stdout.write(
      `route spellings: ${routes.length} routes, ${attacks.length} calls, ${adminAttacks} on admin routes (${refused.length} refused 401/403 by the gate, the rest 400/404: no route)\n`,
    );
    expect(refused.length).toBeGreaterThan(routes.filter((r) => r.access === 'admin').length);

    // Refused without a session, each call is counted per route and status, and a few of each minute
    // are kept whole in audit_log, with the path as sent.
    const connection = app.get(EntityManager).getConnection();
    const [counted] = await connection.execute<{ n: number }[]>('select coalesce(sum(count), 0)::int as n from audit_refusal');
    expect(counted!.n).toBe(refused.length);
    const rows = await connection.execute<{ request_id: string; path: string; status: number }[]>(
      // Sign-in calls that were let through (400 for their empty body) are audited as changes, not refusals.
      'select request_id, path, status from audit_log where request_id like ? and status in (401, 403)',
      ['spell-%'],
    );
    const calls = new Map(refused.map((call) => [call.requestId, call]));
    const mismatched = rows.filter((row) => {
      const call = calls.get(row.request_id);
      return !call || row.status !== call.status || row.path !== call.target.split('?')[0];
    });
    expect(mismatched).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(refused.length);
  }, 300_000);

  it.each<Role>(['writer', 'editor'])(
    'refuses a signed-in %s every admin route its role may not use, under every spelling (400, 403 or 404), and audits each 403 under the account',
    async (role) => {
      // The first account of a database is an owner; the role's account comes after it.
      await signInAdmin(app);
      const member = await signInAdmin(app, 'a-long-test-password', role);
      const forbidden = routes.filter((route) => route.access === 'admin' && !(route.permission !== 'owner-only' && roleMay(role, route.permission)));
      expect(forbidden.length).toBeGreaterThan(0);
      const attacks = forbidden.flatMap((route) =>
        spellings(concrete(route.url), `http://127.0.0.1:${port}`).map((target, i) => ({ route, target, requestId: `role-${role}-${uniqueSuffix()}-${i}` })),
      );
      const wrong: string[] = [];
      let gateRefusals = 0;
      await inParallel(attacks, 8, async ({ route, target, requestId }) => {
        const { status } = await sendRaw(port, route.method, target, requestId, { cookie: member.cookie, 'x-csrf-token': member.csrfToken });
        if (!tally.attempt([400, 403, 404].includes(status)))
          wrong.push(`${route.method} ${target} (${route.permission} route ${route.url}) as ${role}: ${status}`);
        if (status === 403) gateRefusals++;
      });
      expect(wrong).toEqual([]);
      // The canonical spelling of each route at least reached the route and was refused by the role check.
      expect(gateRefusals).toBeGreaterThanOrEqual(forbidden.length);
      const [audited] = await app
        .get(EntityManager)
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from audit_log where request_id like ? and status = 403 and actor = ?`, [
          `role-${role}-%`,
          member.username,
        ]);
      expect(audited!.n).toBe(gateRefusals);
    },
    300_000,
  );

  it('answers 401 to the calls that used to get through, and changes nothing', async () => {
    const em = app.get(EntityManager);
    const draft = await createArticle(em, { approved: false });
    const backupsBefore = await em.getConnection().execute<{ n: string }[]>('select count(*) as n from article_backup');
    const calls: [string, string][] = [
      ['GET', '//api/admin/contact-submissions'],
      ['GET', '/api/%61dmin/contact-submissions'],
      ['PUT', `/api/%61dmin/blogs/${draft.id}`],
      ['POST', '/api/%61dmin/approve-blog'],
      ['GET', '/%61pi/admin/articles'],
      ['GET', '/api/adm%69n/articles'],
      ['GET', '/api/trending-topic%73?refresh=true'],
      ['POST', '/api/%61dmin/refresh-data'],
      ['POST', '/api/%61dmin/decline-topic'],
      ['POST', '/api/%61dmin/regenerate-images'],
      ['POST', '/api/%61dmin/decline-blog'],
    ];
    const answers: string[] = [];
    for (const [method, target] of calls) {
      const { status } = await sendRaw(port, method, target, `listed-${uniqueSuffix()}`);
      tally.attempt(status === 401);
      answers.push(`${method} ${target} ${status}`);
    }
    expect(answers).toEqual(calls.map(([method, target]) => `${method} ${target} 401`));
    const after = await em.fork().findOneOrFail(Article, draft.id);
    expect({ approved: after.approved, title: after.title }).toEqual({ approved: false, title: draft.title });
    expect(await em.getConnection().execute('select count(*) as n from article_backup')).toEqual(backupsBefore);
  });
});
