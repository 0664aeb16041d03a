import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InjectOptions } from 'fastify';
import { createApiApp } from '../../src/app/create-api-app.js';
import { createArticle } from '../support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from '../support/admin-session.js';
import { createOwnDatabase } from '../support/own-database.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally, isClearError, randomIp } from './attack-tally.js';

const tally = attackTally('injection');

/** SQL injection and path traversal, as people type them into URLs. */
const CORPUS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE article; --",
  '1; DELETE FROM article',
  "x' UNION SELECT username, password_hash, null FROM admin_user --",
  "') OR approved = false --",
  '1 OR 1=1',
  '-1',
  '0x7fffffff',
  '99999999999999999999999',
  '$1',
  '%',
  '_',
  '\\',
  '":{"$gt":""}',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '....//....//etc/passwd',
  '/etc/passwd%00.json',
  'pg_sleep(5)--',
  "'||(select pg_sleep(5))||'",
  '{{7*7}}',
  '${7*7}',
];

describe('SQL and path injection on search, category, slug and ids', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  const secret = `Unpublished draft ${uniqueSuffix()}`;

  // A database of its own: it counts every row, which other suites running alongside would change.
  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    await createArticle(em, { approved: false, title: secret, content: `<p>${secret} body</p>` });
    await createArticle(em, { approved: true, title: `Published ${uniqueSuffix()}` });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const count = async (table: string) => Number((await em.fork().getConnection().execute(`select count(*)::int as n from ${table}`))[0].n);

  /** Every entry point that puts a reader's text into a query or a path. */
  const ENTRY_POINTS: { name: string; request: (value: string) => InjectOptions }[] = [
    { name: 'search', request: (v) => ({ method: 'GET', url: `/api/articles?approved=true&search=${encodeURIComponent(v)}` }) },
    { name: 'category', request: (v) => ({ method: 'GET', url: `/api/articles?approved=true&category=${encodeURIComponent(v)}` }) },
    { name: 'category + search', request: (v) => ({ method: 'GET', url: `/api/articles?category=${encodeURIComponent(v)}&search=${encodeURIComponent(v)}` }) },
    { name: 'cursor', request: (v) => ({ method: 'GET', url: `/api/articles?cursor=${encodeURIComponent(v)}` }) },
    { name: 'slug', request: (v) => ({ method: 'GET', url: `/api/articles/slug/${encodeURIComponent(v)}` }) },
    { name: 'raw slug path', request: (v) => ({ method: 'GET', url: `/api/articles/slug/${v}` }) },
    { name: 'comment list id', request: (v) => ({ method: 'GET', url: `/api/articles/${encodeURIComponent(v)}/comments` }) },
    {
      name: 'comment post id',
      request: (v) => ({
        method: 'POST',
        url: `/api/articles/${encodeURIComponent(v)}/comments`,
        payload: { authorName: 'x', content: `hi ${uniqueSuffix()}` },
      }),
    },
    { name: 'interaction id', request: (v) => ({ method: 'POST', url: '/api/interactions', payload: { articleId: v, type: 'like' } }) },
    {
      name: 'admin blog id',
      request: (v) => ({
        method: 'PUT',
        url: `/api/admin/blogs/${encodeURIComponent(v)}`,
        headers: admin.headers,
        payload: { title: 't', content: '<p>x</p>' },
      }),
    },
    { name: 'admin approve id', request: (v) => ({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: v } }) },
    { name: 'media path', request: (v) => ({ method: 'GET', url: `/media/${v}` }) },
    { name: 'page path', request: (v) => ({ method: 'GET', url: `/article/${encodeURIComponent(v)}` }) },
  ];

  it('answers every payload at every entry point normally: 200, 400, 403 or 404 with a clear body, never a draft or a 500', async () => {
    const before = { article: await count('article'), admin_user: await count('admin_user') };
    const failures: string[] = [];
    for (const entry of ENTRY_POINTS) {
      for (const payload of CORPUS) {
        const response = await app.inject({ ...entry.request(payload), remoteAddress: randomIp() });
        // 403: the static file server refusing a traversal.
        const normal = [200, 201, 400, 403, 404].includes(response.statusCode);
        const clear = response.statusCode < 400 || isClearError(response.json());
        const leaks = response.body.includes(secret) || /\$argon2id\$|root:x:0:/.test(response.body);
        if (!tally.attempt(normal && clear && !leaks))
          failures.push(`${entry.name} ${JSON.stringify(payload)}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect({ article: await count('article'), admin_user: await count('admin_user') }).toEqual(before);
  });

  it('finds nothing when the search is an injection, rather than everything', async () => {
    for (const payload of ["' OR '1'='1", "') OR approved = false --"]) {
      const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&search=${encodeURIComponent(payload)}&limit=50` });
      expect(tally.attempt(response.statusCode === 200 && !response.body.includes(secret))).toBe(true);
    }
  });
});
