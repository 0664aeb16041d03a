import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AdminArticleSchema,
  AdminArticleSummarySchema,
  AdminCommentSchema,
  AdminContactSubmissionSchema,
  AuditLogEntrySchema,
  DRAFT_COUNT_HEADER,
  MORE_MATCHES_HEADER,
  NEXT_CURSOR_HEADER,
  PUBLISHED_COUNT_HEADER,
  TOTAL_COUNT_HEADER,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { Comment } from '../src/modules/comments/index.js';
import { ContactSubmission } from '../src/modules/contact/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const DAY = 24 * 3600 * 1000;

describe('the admin panel at scale: paged lists, counts, filters, search and moderation', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;

  // A database of its own: the counts are exact, so no other suite's rows may be in it.
  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL: suiteRedisUrl('admin-at-scale') }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: admin.headers });
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: admin.headers, payload });
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().execute<T[]>(query, params);

  describe('Article Management', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      const now = Date.now();
      // Seven articles over two years: three drafts, four published, two categories.
      const specs = [
        { key: 'old', title: 'Zeppelin archive from two years ago', approved: true, category: 'Culture', likes: 3, createdAt: new Date(now - 730 * DAY) },
        { key: 'a', title: 'Markets wobble', approved: true, category: 'Economics', likes: 9, createdAt: new Date(now - 5 * DAY) },
        { key: 'b', title: 'Chips get smaller', approved: true, category: 'Technology', likes: 1, createdAt: new Date(now - 4 * DAY) },
        { key: 'c', title: 'Draft about budgets', approved: false, category: 'Economics', likes: 0, createdAt: new Date(now - 3 * DAY) },
        { key: 'd', title: 'Robots and zeppelins', approved: true, category: 'Technology', likes: 5, createdAt: new Date(now - 2 * DAY) },
        { key: 'e', title: 'Draft on taxes', approved: false, category: 'Economics', likes: 0, createdAt: new Date(now - DAY) },
        { key: 'f', title: 'Draft on phones', approved: false, category: 'Technology', likes: 2, createdAt: new Date(now) },
      ];
      for (const { key, ...input } of specs) {
        ids[key] = (
          await createArticle(em, { ...input, content: key === 'd' ? '<p>Zeppelin mentioned in passing.</p>' : '<p>Plain text.</p>'.repeat(500) })
        ).id;
      }
    });

    it('pages newest first with a cursor, rows without bodies, and exact counts in headers', async () => {
      const first = await get('/api/admin/articles?limit=3');
      expect(first.statusCode).toBe(200);
      const rows = AdminArticleSummarySchema.array().parse(first.json());
      expect(rows.map((row) => row.id)).toEqual([ids.f, ids.e, ids.d]);
      expect(rows[0]).not.toHaveProperty('content');
      expect(rows[0]!.version).toBeGreaterThan(0);
      expect(first.headers[TOTAL_COUNT_HEADER]).toBe('7');
      expect(first.headers[PUBLISHED_COUNT_HEADER]).toBe('4');
      expect(first.headers[DRAFT_COUNT_HEADER]).toBe('3');
      const seen = rows.map((row) => row.id);
      let cursor = first.headers[NEXT_CURSOR_HEADER] as string | undefined;
      while (cursor) {
        const next = await get(`/api/admin/articles?limit=3&cursor=${cursor}`);
        seen.push(
          ...AdminArticleSummarySchema.array()
            .parse(next.json())
            .map((row) => row.id),
        );
        cursor = next.headers[NEXT_CURSOR_HEADER] as string | undefined;
      }
      expect(seen).toEqual([ids.f, ids.e, ids.d, ids.c, ids.b, ids.a, ids.old]);
    });

    it('filters by status and category, and counts within the category', async () => {
      const drafts = await get('/api/admin/articles?status=draft');
      expect(
        AdminArticleSummarySchema.array()
          .parse(drafts.json())
          .map((row) => row.id),
      ).toEqual([ids.f, ids.e, ids.c]);
      expect(drafts.headers[TOTAL_COUNT_HEADER]).toBe('3');
      const tech = await get('/api/admin/articles?category=technology&status=published');
      expect(
        AdminArticleSummarySchema.array()
          .parse(tech.json())
          .map((row) => row.id),
      ).toEqual([ids.d, ids.b]);
      expect(tech.headers[TOTAL_COUNT_HEADER]).toBe('2');
      expect(tech.headers[PUBLISHED_COUNT_HEADER]).toBe('2');
      expect(tech.headers[DRAFT_COUNT_HEADER]).toBe('1');
    });

    it('sorts by likes and by oldest, paging through each order', async () => {
      const liked = await get('/api/admin/articles?sort=likes&limit=2');
      expect(
        AdminArticleSummarySchema.array()
          .parse(liked.json())
          .map((row) => row.id),
      ).toEqual([ids.a, ids.d]);
      const more = await get(`/api/admin/articles?sort=likes&limit=2&cursor=${liked.headers[NEXT_CURSOR_HEADER]}`);
      expect(
        AdminArticleSummarySchema.array()
          .parse(more.json())
          .map((row) => row.id),
      ).toEqual([ids.old, ids.f]);
      const oldest = await get('/api/admin/articles?sort=oldest&limit=1');
      expect(
        AdminArticleSummarySchema.array()
          .parse(oldest.json())
          .map((row) => row.id),
      ).toEqual([ids.old]);
    });

    it('finds drafts and published articles by full-text search, with the count of the matches', async () => {
      const found = await get('/api/admin/articles?search=zeppelin');
      const rows = AdminArticleSummarySchema.array().parse(found.json());
      // 'Robots and zeppelins' is newer and its body says it too, but both titles match: then the rank decides.
      expect(rows.map((row) => row.id).sort()).toEqual([ids.old, ids.d].sort());
      expect(found.headers[TOTAL_COUNT_HEADER]).toBe('2');
      expect(found.headers[MORE_MATCHES_HEADER]).toBeUndefined();
      // The status counts stay those of the whole list (or category), whatever the search.
      expect(found.headers[PUBLISHED_COUNT_HEADER]).toBe('4');
      expect(found.headers[DRAFT_COUNT_HEADER]).toBe('3');
      const drafts = await get('/api/admin/articles?search=draft&status=draft');
      expect(AdminArticleSummarySchema.array().parse(drafts.json())).toHaveLength(3);
    });

    it('ranks a title match ahead of a body match', async () => {
      const bodyOnly = await createArticle(em, { title: 'Weather report', content: '<p>Nothing but quokka sightings.</p>' });
      const titled = await createArticle(em, { title: 'The quokka question', createdAt: new Date(Date.now() - 900 * DAY) });
      const rows = AdminArticleSummarySchema.array().parse((await get('/api/admin/articles?search=quokka')).json());
      expect(rows.map((row) => row.id)).toEqual([titled.id, bodyOnly.id]);
      await sql('delete from article where id in (?)', [[bodyOnly.id, titled.id]]);
    });

    it('ranks the newest few hundred matches of a common word and says there are more', async () => {
      await sql(
        `insert into article (title, slug, content, category, approved, created_at, updated_at)
         select 'Walrus note ' || n, 'walrus-note-' || n, '<p>Walrus.</p>', 'Culture', n % 2 = 0, now() - make_interval(days => n), now() from generate_series(1, 301) as n`,
      );
      const found = await get('/api/admin/articles?search=walrus&limit=100');
      expect(found.headers[TOTAL_COUNT_HEADER]).toBe('300');
      expect(found.headers[MORE_MATCHES_HEADER]).toBe('true');
      expect(AdminArticleSummarySchema.array().parse(found.json())).toHaveLength(100);
      const drafts = await get('/api/admin/articles?search=walrus&status=draft');
      expect(drafts.headers[TOTAL_COUNT_HEADER]).toBe('151');
      expect(drafts.headers[MORE_MATCHES_HEADER]).toBeUndefined();
      await sql(`delete from article where slug like 'walrus-note-%'`);
    });

    it('loads one article in full for the editor', async () => {
      const response = await get(`/api/admin/articles/${ids.c}`);
      expect(response.statusCode).toBe(200);
      expect(AdminArticleSchema.parse(response.json())).toMatchObject({ id: ids.c, title: 'Draft about budgets', approved: false });
      expect((await get('/api/admin/articles/999999999')).statusCode).toBe(404);
    });

    it.each([
      ['cursor=not-a-cursor', 'cursor', 'is not a valid cursor'],
      ['limit=101', 'limit', 'must be at most 100'],
      ['status=archived', 'status', 'must be one of: draft, published'],
      ['sort=random', 'sort', 'must be one of: newest, oldest, likes'],
      ['colour=red', 'colour', 'is not a filter of this list'],
    ])('refuses %s with a 400 naming the field', async (params, path, message) => {
      const response = await get(`/api/admin/articles?${params}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path, message }]);
    });

    it('refuses a cursor of another order', async () => {
      const liked = await get('/api/admin/articles?sort=likes&limit=1');
      const response = await get(`/api/admin/articles?limit=1&cursor=${liked.headers[NEXT_CURSOR_HEADER]}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'cursor', message: 'belongs to another order or search of this list' }]);
    });
  });

  describe('comment moderation', () => {
    it('lists every article’s comments newest first, finds them by text, name or article, and pages', async () => {
      const article = await createArticle(em);
      const other = await createArticle(em);
      const word = `flood${uniqueSuffix()}`;
      const fork = em.fork();
      for (let i = 0; i < 5; i++) {
        fork.create(Comment, {
          articleId: i < 3 ? article.id : other.id,
          authorName: i === 4 ? `Spammer ${word}` : 'Reader',
          content: `Comment ${i} ${i < 4 ? word : ''}`,
          aiResponse: null,
          clientHash: 'x'.repeat(64),
          createdAt: new Date(Date.now() - (5 - i) * 1000),
        });
      }
      await fork.flush();
      const byWord = await get(`/api/admin/comments?search=${word}&limit=2`);
      const firstPage = AdminCommentSchema.array().parse(byWord.json());
      expect(firstPage.map((c) => c.content.trim())).toEqual([`Comment 4`, `Comment 3 ${word}`]);
      expect(firstPage[0]).toMatchObject({ articleId: other.id, articleTitle: other.title, spam: false });
      expect(byWord.headers[TOTAL_COUNT_HEADER]).toBe('5');
      const next = await get(`/api/admin/comments?search=${word}&limit=2&cursor=${byWord.headers[NEXT_CURSOR_HEADER]}`);
      expect(
        AdminCommentSchema.array()
          .parse(next.json())
          .map((c) => c.content),
      ).toEqual([`Comment 2 ${word}`, `Comment 1 ${word}`]);
      const ofArticle = await get(`/api/admin/comments?articleId=${article.id}`);
      expect(ofArticle.headers[TOTAL_COUNT_HEADER]).toBe('3');
      expect((await get('/api/admin/comments?articleId=abc')).json().details).toEqual([{ path: 'articleId', message: 'must be a number' }]);
    });

    it('deletes one or many comments with their AI replies, moves the counter, keeps the version, and audits the ids', async () => {
      const article = await createArticle(em);
      const fork = em.fork();
      const made = [0, 1, 2].map((i) =>
        fork.create(Comment, { articleId: article.id, authorName: 'Reader', content: `To go ${i}`, aiResponse: 'An AI reply.', clientHash: 'x'.repeat(64) }),
      );
      await fork.flush();
      await sql('update article set comments = 3 where id = ?', [article.id]);
      const [{ version: before }] = await sql<{ version: number }>('select version from article where id = ?', [article.id]);
      const response = await post('/api/admin/comments/delete', { ids: [made[0]!.id, made[1]!.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Deleted 2 comments.', count: 2 });
      expect(await sql('select id from comment where article_id = ?', [article.id])).toEqual([{ id: made[2]!.id }]);
      expect(await sql('select comments, version from article where id = ?', [article.id])).toEqual([{ comments: 1, version: before }]);
      const audit = AuditLogEntrySchema.array().parse((await get(`/api/admin/audit-log?actor=${admin.username}&action=comments/delete`)).json());
      expect(audit[0]).toMatchObject({
        actor: admin.username,
        action: 'POST /api/admin/comments/delete',
        targetId: `${made[0]!.id},${made[1]!.id}`,
        status: 200,
      });
    });

    it.each([
      ['the spam mark first, then the delete', 'spam', 'delete'],
      ['the delete first, then the spam mark', 'delete', 'spam'],
    ] as const)('takes a comment off its counter once when a spam mark and a delete race (%s)', async (_order, first, second) => {
      const article = await createArticle(em);
      const fork = em.fork();
      const comment = fork.create(Comment, { articleId: article.id, authorName: 'Racer', content: 'Raced', aiResponse: null, clientHash: 'x'.repeat(64) });
      await fork.flush();
      await sql('update article set comments = 1 where id = ?', [article.id]);
      const call = (kind: 'spam' | 'delete') =>
        kind === 'spam' ? post('/api/admin/comments/spam', { ids: [comment.id], spam: true }) : post('/api/admin/comments/delete', { ids: [comment.id] });
      // Hold the comment's row: the first call waits behind the lock, the second queues behind the first.
      const holder = em.fork().getConnection();
      const trx = await holder.begin();
      await holder.execute('select id from comment where id = ? for update', [comment.id], 'all', trx);
      const one = call(first);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const two = call(second);
      let answered = false;
      void Promise.race([one, two]).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);
      await holder.commit(trx);
      const [a, b] = await Promise.all([one, two]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await sql('select id from comment where id = ?', [comment.id])).toEqual([]);
      expect(await sql('select comments from article where id = ?', [article.id])).toEqual([{ comments: 0 }]);
    });

    it('marks spam: hidden from readers, off the counter, and back again', async () => {
      const article = await createArticle(em);
      const fork = em.fork();
      const spam = fork.create(Comment, { articleId: article.id, authorName: 'Bot', content: 'Buy now', aiResponse: null, clientHash: 'x'.repeat(64) });
      fork.create(Comment, { articleId: article.id, authorName: 'Reader', content: 'Fine piece', aiResponse: null, clientHash: 'x'.repeat(64) });
      await fork.flush();
      await sql('update article set comments = 2 where id = ?', [article.id]);
      expect((await post('/api/admin/comments/spam', { ids: [spam.id] })).json()).toEqual({ message: 'Marked 1 comment as spam.', count: 1 });
      // Marking again changes nothing.
      expect((await post('/api/admin/comments/spam', { ids: [spam.id] })).json().count).toBe(0);
      const publicList = (await app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments` })).json() as { authorName: string }[];
      expect(publicList.map((c) => c.authorName)).toEqual(['Reader']);
      expect(await sql('select comments from article where id = ?', [article.id])).toEqual([{ comments: 1 }]);
      expect(
        AdminCommentSchema.array()
          .parse((await get(`/api/admin/comments?articleId=${article.id}&spam=true`)).json())
          .map((c) => c.id),
      ).toEqual([spam.id]);
      await post('/api/admin/comments/spam', { ids: [spam.id], spam: false });
      expect(await sql('select comments from article where id = ?', [article.id])).toEqual([{ comments: 2 }]);
    });

    it('refuses bulk calls without ids or with too many', async () => {
      expect((await post('/api/admin/comments/delete', { ids: [] })).json().details).toEqual([{ path: 'ids', message: 'must name at least one id' }]);
      expect((await post('/api/admin/comments/delete', { ids: Array.from({ length: 501 }, (_, i) => i + 1) })).json().details).toEqual([
        { path: 'ids', message: 'must name at most 500 ids' },
      ]);
    });
  });

  describe('contact messages', () => {
    it('pages, searches, marks handled and deletes', async () => {
      const word = `invoice${uniqueSuffix()}`;
      const fork = em.fork();
      const made = [0, 1, 2].map((i) =>
        fork.create(ContactSubmission, {
          name: `Sender ${i}`,
          email: `s${i}@example.com`,
          subject: `About ${word} ${i}`,
          message: 'Hello',
          submittedAt: new Date(Date.now() - (3 - i) * 1000),
        }),
      );
      await fork.flush();
      const first = await get(`/api/admin/contact-submissions?search=${word}&limit=2`);
      expect(
        AdminContactSubmissionSchema.array()
          .parse(first.json())
          .map((m) => m.id),
      ).toEqual([made[2]!.id, made[1]!.id]);
      expect(first.headers[TOTAL_COUNT_HEADER]).toBe('3');
      const rest = await get(`/api/admin/contact-submissions?search=${word}&limit=2&cursor=${first.headers[NEXT_CURSOR_HEADER]}`);
      expect(
        AdminContactSubmissionSchema.array()
          .parse(rest.json())
          .map((m) => m.id),
      ).toEqual([made[0]!.id]);

      expect((await post('/api/admin/contact-submissions/handled', { ids: [made[0]!.id] })).json()).toEqual({
        message: 'Marked 1 message as handled.',
        count: 1,
      });
      const open = AdminContactSubmissionSchema.array().parse((await get(`/api/admin/contact-submissions?search=${word}&handled=false`)).json());
      expect(open.map((m) => m.id)).toEqual([made[2]!.id, made[1]!.id]);

      expect((await post('/api/admin/contact-submissions/delete', { ids: [made[1]!.id, made[2]!.id] })).json()).toEqual({
        message: 'Deleted 2 messages.',
        count: 2,
      });
      const left = await get(`/api/admin/contact-submissions?search=${word}`);
      expect(AdminContactSubmissionSchema.array().parse(left.json())).toEqual([expect.objectContaining({ id: made[0]!.id, handled: true })]);
      expect((await get('/api/admin/contact-submissions?limit=0')).json().details).toEqual([{ path: 'limit', message: 'must be at least 1' }]);
    });
  });

  describe('approved topics', () => {
    it('says how many there are in all, beyond the newest listed', async () => {
      const [{ total }] = await sql<{ total: number }>('select count(*)::int as total from approved_topic');
      const response = await get('/api/admin/approved-topics');
      expect(response.statusCode).toBe(200);
      expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(total));
    });
  });

  describe('audit log', () => {
    it('lists who did what and when, filtered by user, action and date', async () => {
      const other = await signInAdmin(app);
      await app.inject({ method: 'POST', url: '/api/admin/contact-submissions/handled', headers: other.headers, payload: { ids: [999999] } });
      const mine = AuditLogEntrySchema.array().parse((await get(`/api/admin/audit-log?actor=${other.username}`)).json());
      expect(mine.map((entry) => entry.action)).toEqual(['POST /api/admin/contact-submissions/handled', 'POST /api/admin/login']);
      const today = new Date().toISOString().slice(0, 10);
      const byAction = await get(`/api/admin/audit-log?actor=${other.username}&action=handled&from=${today}&to=${today}`);
      expect(AuditLogEntrySchema.array().parse(byAction.json())).toHaveLength(1);
      expect(byAction.headers[TOTAL_COUNT_HEADER]).toBe('1');
      const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
      expect((await get(`/api/admin/audit-log?actor=${other.username}&from=${tomorrow}`)).json()).toEqual([]);
      const badDate = await get('/api/admin/audit-log?from=yesterday');
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().details).toEqual([{ path: 'from', message: 'must be a date (YYYY-MM-DD) or a date and time (ISO 8601)' }]);
    });
  });
});
