import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  AddCorrectionRequestSchema,
  AdminLoginRequestSchema,
  ApproveTopicRequestSchema,
  AutomationArticleSchema,
  ArticleIdRequestSchema,
  ChatRequestSchema,
  ChatSummaryRequestSchema,
  ContactRequestSchema,
  CreateCommentRequestSchema,
  CreateErrorReportRequestSchema,
  DeclineTopicRequestSchema,
  InteractionRequestSchema,
  NewsletterRequestSchema,
  PageViewRequestSchema,
  RegenerateImagesRequestSchema,
  SetErrorReportStatusRequestSchema,
  UpdateArticleRequestSchema,
} from '@ai-mind/contracts';
import { freePort, startRedis } from '../../../scripts/lib/services.mjs';
import { createApiApp } from '../../src/app/create-api-app.js';
import { BODY_LIMIT_BYTES } from '../../src/common/body-limits.js';
import { signedHeaders } from '../../src/modules/workflow/automation-signature.js';
import { createArticle } from '../support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from '../support/admin-session.js';
import { createOwnDatabase } from '../support/own-database.js';
import { testConfig } from '../support/test-config.js';
import { attackTally, isClearError, randomIp } from './attack-tally.js';
import { invalidShaped, UNICODE_EDGE_CASES, validShaped } from './schema-arbitrary.js';

const tally = attackTally('bad-input');
const SECRET = 'automation-secret-for-the-fuzz-tests';
/** Per endpoint and shape; the whole file stays well under a minute. */
const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 12);
/** JSON values that no conversion to text can print: `String(value)` throws "Cannot convert object to primitive value". */
const UNPRINTABLE_VALUES: unknown[] = [{ toString: null }, { toString: null, valueOf: null }, [{ toString: null }], { toString: null, toJSON: null }];
/** Tables a request could write to; a refused request must leave every one as it was. */
const TABLES = [
  'article',
  'article_revision',
  'deleted_article',
  'comment',
  'error_report',
  'contact_submission',
  'newsletter_subscriber',
  'interaction',
  'page_view',
  'approved_topic',
];

interface Endpoint {
  method: 'POST' | 'PUT';
  url: string;
  schema: z.ZodType;
  admin?: boolean;
  signed?: boolean;
}

/** Every public and admin endpoint that takes a body, with the contract it is validated by. */
const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/articles/{article}/comments', schema: CreateCommentRequestSchema },
  { method: 'POST', url: '/api/articles/{article}/error-reports', schema: CreateErrorReportRequestSchema },
  { method: 'POST', url: '/api/contact', schema: ContactRequestSchema },
  { method: 'POST', url: '/api/chat', schema: ChatRequestSchema },
  { method: 'POST', url: '/api/chat/summary', schema: ChatSummaryRequestSchema },
  { method: 'POST', url: '/api/newsletter', schema: NewsletterRequestSchema },
  { method: 'POST', url: '/api/interactions', schema: InteractionRequestSchema },
  { method: 'POST', url: '/api/analytics/pageview', schema: PageViewRequestSchema },
  { method: 'POST', url: '/api/admin/login', schema: AdminLoginRequestSchema },
  { method: 'POST', url: '/api/automation/blog', schema: AutomationArticleSchema, signed: true },
  { method: 'PUT', url: '/api/admin/blogs/{article}', schema: UpdateArticleRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/approve-blog', schema: ArticleIdRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/decline-blog', schema: ArticleIdRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/approve-topic', schema: ApproveTopicRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/decline-topic', schema: DeclineTopicRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/regenerate-images', schema: RegenerateImagesRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/articles/{article}/corrections', schema: AddCorrectionRequestSchema, admin: true },
  { method: 'POST', url: '/api/admin/error-reports/status', schema: SetErrorReportStatusRequestSchema, admin: true },
];

/**
 * Bad input on every endpoint that takes a body, in a database and a Redis of its own (the admin
 * calls delete and publish whatever ids the fuzzer picks): never a 500, always a clear
 * `{ error, message, details? }` 4xx, and a refused request writes nothing.
 */
describe('bad input: fuzzing from the contracts, malformed and huge bodies, unicode edge cases', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let ids: [number, number];
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createOwnDatabase(), freePort().then((port) => startRedis({ port }))]);
    app = await createApiApp(testConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url, AUTOMATION_WEBHOOK_SECRET: SECRET, JOB_WAIT_TIMEOUT_MS: '100' }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    const articles = [];
    for (let i = 0; i < 8; i += 1) articles.push(await createArticle(em, { approved: i % 2 === 0 }));
    ids = [articles[0]!.id, articles.at(-1)!.id];
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
    await database?.drop();
  });

  async function rowCounts(): Promise<Record<string, number>> {
    const [row] = await em
      .fork()
      .getConnection()
      .execute(`select ${TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`);
    return row as Record<string, number>;
  }

  /** Sends one request as its endpoint needs it (a session, a signature, an article) and checks the answer. */
  async function send(endpoint: Endpoint, payload: string, contentType = 'application/json') {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (endpoint.admin) Object.assign(headers, admin.headers);
    if (endpoint.signed) Object.assign(headers, signedHeaders(SECRET, payload));
    const before = await rowCounts();
    const response = await app.inject({
      method: endpoint.method,
      url: endpoint.url.replace('{article}', String(ids[0])),
      headers,
      payload,
      remoteAddress: randomIp(),
    });
    const refused = response.statusCode >= 400;
    const problems: string[] = [];
    if (response.statusCode >= 500) problems.push('a 5xx');
    if (refused && !isClearError(safeJson(response.body))) problems.push('an unclear error body');
    if (refused) {
      const after = await rowCounts();
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`a partial write ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
    }
    const held = tally.attempt(problems.length === 0);
    return {
      held,
      status: response.statusCode,
      report: `${endpoint.method} ${endpoint.url} ${payload.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}: ${problems.join(', ')}`,
    };
  }

  function safeJson(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      return null;
    }
  }

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.url}`, endpoint] as const))(
    '%s: property-based bodies from its contract',
    async (_name, endpoint) => {
      for (const arbitrary of [validShaped(endpoint.schema, ids), invalidShaped(endpoint.schema, ids)]) {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (body) => {
            const outcome = await send(endpoint, JSON.stringify(body));
            if (!outcome.held) throw new Error(outcome.report);
          }),
          { numRuns: RUNS },
        );
      }
    },
  );

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.url}`, endpoint] as const))(
    '%s: malformed, mistyped, huge and odd bodies',
    async (_name, endpoint) => {
      const failures: string[] = [];
      const check = async (payload: string, contentType?: string, expected?: number) => {
        const outcome = await send(endpoint, payload, contentType);
        if (!outcome.held || (expected !== undefined && outcome.status !== expected)) failures.push(`${outcome.report} (expected ${expected ?? 'no 5xx'})`);
      };
      for (const malformed of [
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '"\\ud800"',
        '1e999999',
        '',
      ])
        await check(malformed);
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
      ])
        await check('a=1&b=2', contentType);
      await check(JSON.stringify({ junk: 'x'.repeat(BODY_LIMIT_BYTES + 10) }), undefined, 413);
      await check(`[${'['.repeat(5_000)}${']'.repeat(5_000)}]`);
      // Every string field of a valid-shaped body, too long by far and full of odd characters.
      const sample = fc.sample(validShaped(endpoint.schema, ids), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
      for (const [key, value] of Object.entries(sample ?? {})) {
        if (typeof value !== 'string') continue;
        await check(JSON.stringify({ ...sample, [key]: 'y'.repeat(600_000) }));
        for (const odd of UNICODE_EDGE_CASES) await check(JSON.stringify({ ...sample, [key]: odd }));
      }
      // Every field, and the ids the audit log reads of any admin body, as values String() throws on.
      for (const key of new Set([...Object.keys(sample ?? {}), 'blogId', 'topicId', 'ids'])) {
        for (const unprintable of UNPRINTABLE_VALUES) await check(JSON.stringify({ ...sample, [key]: unprintable }));
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses every link that is not http(s), in any case or spelling, with a field message on each endpoint that stores one, storing nothing', async () => {
    const links = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      ' javascript:alert(1)',
      '\t\njavascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://files.example/report',
    ];
    const stores: { endpoint: Endpoint; body: (link: string) => Record<string, unknown>; field: string }[] = [
      {
        endpoint: ENDPOINTS.find((e) => e.url === '/api/admin/approve-topic')!,
        body: (link) => ({ topicId: 1, topic: 'Rates', category: 'Economics', sourceUrl: link }),
        field: 'sourceUrl',
      },
      {
        endpoint: ENDPOINTS.find((e) => e.url === '/api/automation/blog')!,
        body: (link) => ({ approvedTopicId: 1, title: 'Rates', content: '<p>Rates rose.</p>', sourceUrl: link }),
        field: 'sourceUrl',
      },
      {
        endpoint: ENDPOINTS.find((e) => e.url === '/api/admin/articles/{article}/corrections')!,
        body: (link) => ({ kind: 'update', text: 'Later reports give the final figure.', covers: ['https://news.example/a', link] }),
        field: 'covers.1',
      },
    ];
    const refusals: unknown[] = [];
    for (const { endpoint, body } of stores) {
      for (const link of links) {
        const before = await rowCounts();
        const payload = JSON.stringify(body(link));
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (endpoint.admin) Object.assign(headers, admin.headers);
        if (endpoint.signed) Object.assign(headers, signedHeaders(SECRET, payload));
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url.replace('{article}', String(ids[0])),
          headers,
          payload,
          remoteAddress: randomIp(),
        });
        refusals.push({
          url: endpoint.url,
          link,
          status: response.statusCode,
          details: safeJson(response.body),
          written: JSON.stringify(await rowCounts()) !== JSON.stringify(before),
        });
      }
    }
    expect(refusals).toEqual(
      stores.flatMap(({ endpoint, field }) =>
        links.map((link) => ({
          url: endpoint.url,
          link,
          status: 400,
          details: expect.objectContaining({ details: [{ path: field, message: 'must be an http(s) link' }] }),
          written: false,
        })),
      ),
    );
  });

  it('refuses a NUL character anywhere with a field message, not a database error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: randomIp(),
      payload: { name: 'N\u0000ul', email: 'nul@example.com', subject: 's', message: 'm' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'name', message: 'must not contain NUL characters' }]);
  });
});
