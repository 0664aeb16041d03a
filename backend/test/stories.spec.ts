import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AdminStorySchema, ArticleStorySchema, PublicStorySchema, StoryOutletMixesSchema, type AdminStory, type PublicStory } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { ArticleCommands, ArticleReads } from '../src/modules/articles/index.js';
import { ApprovedTopicStore, ClaimCheckService } from '../src/modules/provenance/index.js';
import { storeClusters, TrendingTopic, type FeedItem } from '../src/modules/trending/index.js';
import { ArticleIntakeService } from '../src/modules/workflow/article-intake.service.js';
import { PagesService } from '../src/modules/pages/index.js';
import { schemaOrgProblems } from '../../libs/contracts/src/testing/schema-org.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { jsonLd, renderedText } from './support/rendered-page.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';

/** Queues of its own: the approvals queue generation jobs no worker of this file runs (the blog is delivered as the automation would). */
const REDIS_URL = suiteRedisUrl('stories');
const SITE = 'https://stories.example.test';

/**
 * Stories through the product's own paths: an approval makes a story and the delivered article joins
 * it; publishing and notes are its timeline, with what changed; reports arrive with the refreshes;
 * editors merge and split; the public page is server-rendered with a LiveBlogPosting.
 */
describe('stories', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let writer: SignedInAdmin;
  let origin: string;
  let intake: ArticleIntakeService;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(
      testConfig({ REDIS_URL, NODE_ENV: 'production', COOKIE_SECURE: 'false', SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, PUBLIC_URL: SITE }),
    );
    em = app.get(EntityManager);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await signInAdmin(app);
    writer = await signInAdmin(app, 'a-long-test-password', 'writer');
    intake = new ArticleIntakeService(
      em,
      configOf(app).images,
      app.get(JobProducer),
      app.get(ArticleReads),
      app.get(ArticleCommands),
      app.get(ClaimCheckService),
      app.get(ApprovedTopicStore),
    );
  });
  afterAll(() => app.close());

  const report = (outlet: string, title: string): FeedItem => ({
    source: outlet,
    title,
    link: `https://${outlet.toLowerCase().replace(/\W+/g, '')}.example.test/${encodeURIComponent(title)}`,
    summary: title,
    publishedAt: null,
  });

  /** A trending topic approved through the admin's route, its blog delivered as the automation delivers it, published. */
  async function publishedStory(name: string, items: FeedItem[]) {
    const fork = em.fork();
    const topic = fork.create(TrendingTopic, {
      topic: `${name} ${uniqueSuffix()}`,
      source: items[0]!.source,
      category: 'Science and Tech',
      mentions: items.length,
      items,
    });
    await fork.flush();
    const approved = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-topic',
      headers: admin.headers,
      // Outlet independence is independent-sources.spec's: these stories are approved as single-source.
      payload: {
        topicId: topic.id,
        topic: topic.topic,
        sourceUrl: items[0]!.link,
        category: topic.category,
        singleSource: true,
        note: 'Told by few outlets in this test.',
      },
    });
    expect(approved.statusCode).toBe(200);
    const { approvedTopicId } = approved.json() as { approvedTopicId: number };
    const article = await intake.receive(
      approvedTopicId,
      {
        title: topic.topic,
        html: '<p>The queue is 20 GW long, the regulator said.</p><p>Builders wait years.</p>',
        metaDescription: 'The grid queue.',
        aiCommentary: null,
        sourceUrl: items[0]!.link,
        generation: null,
      },
      'automation',
    );
    const published = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-blog',
      headers: admin.headers,
      payload: { blogId: String(article.id), overrideClaims: true },
    });
    expect(published.statusCode).toBe(200);
    return { topic, article, approvedTopicId };
  }

  const adminStories = async () =>
    AdminStorySchema.array().parse((await app.inject({ method: 'GET', url: '/api/admin/stories', headers: admin.headers })).json());
  const storyOf = async (articleId: number): Promise<AdminStory> => (await adminStories()).find((story) => story.articles.some((a) => a.id === articleId))!;
  const publicStory = async (slug: string): Promise<PublicStory> =>
    PublicStorySchema.parse((await app.inject({ method: 'GET', url: `/api/stories/${slug}` })).json());
  const addNote = (id: number, kind: 'update' | 'correction', text: string) =>
    app.inject({ method: 'POST', url: `/api/admin/articles/${id}/corrections`, headers: admin.headers, payload: { kind, text } });
  const editBody = async (id: number, content: string) => {
    const current = (await app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: admin.headers })).json();
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${id}`,
      headers: admin.headers,
      payload: { title: current.title, content, version: current.version },
    });
    expect(saved.statusCode).toBe(200);
  };
  const refresh = (items: FeedItem[], now: Date) =>
    storeClusters(
      em.fork(),
      [{ items, representative: items[0]!, category: 'Science and Tech' }],
      { similarityThreshold: 0.3, highPriorityMentions: 10, maxTopics: 50 },
      now,
    );

  it('makes a story when a topic is approved, joined by the article delivered for it, with a timeline of its publication and notes and what changed', async () => {
    const items = [report('Daily Ledger', 'Grid queue reaches 20 GW'), report('Global Wire', 'Builders wait years for the grid')];
    const { topic, article } = await publishedStory('Grid queue', items);
    const story = await storyOf(article.id);
    expect(story).toMatchObject({
      title: topic.topic,
      category: 'science-and-tech',
      status: 'developing',
      updateCount: 0,
      newReportCount: 0,
    });
    expect(story.articles).toEqual([{ id: article.id, title: topic.topic, slug: article.slug, category: 'Science and Tech', published: true }]);

    // An edit of the body, then its update note; then a correction.
    await editBody(article.id, '<p>The queue is 2 GW long, the regulator said.</p><p>Builders wait years.</p><p>The regulator decided on Friday.</p>');
    expect((await addNote(article.id, 'update', 'The regulator decided on Friday.')).statusCode).toBe(201);
    expect((await addNote(article.id, 'correction', 'The queue is 2 GW, not 20 GW.')).statusCode).toBe(201);

    const page = await publicStory(story.slug);
    expect(page.updateCount).toBe(2);
    expect(page.timeline.filter((entry) => entry.kind !== 'reports').map((entry) => entry.kind)).toEqual(['correction', 'update', 'published']);
    const update = page.timeline.find((entry) => entry.kind === 'update')!;
    expect(update).toMatchObject({
      note: 'The regulator decided on Friday.',
      changes: {
        summary: '1 paragraph added, 1 paragraph changed',
        added: ['The regulator decided on Friday.'],
        changed: [{ before: 'The queue is 20 GW long, the…', after: 'The queue is 2 GW long, the…' }],
      },
    });
    // The correction changed no text.
    expect(page.timeline.find((entry) => entry.kind === 'correction')).toMatchObject({ changes: null });
    expect(page.timeline.find((entry) => entry.kind === 'reports')).toMatchObject({
      atApproval: true,
      reports: expect.arrayContaining([expect.objectContaining({ outlet: 'Daily Ledger' })]),
    });

    // The article's page links to the story.
    const linked = ArticleStorySchema.parse((await app.inject({ method: 'GET', url: `/api/articles/${article.id}/story` })).json());
    expect(linked).toEqual({ story: { slug: story.slug, title: topic.topic, updateCount: 2 } });
  });

  it('renders the story page on the server, with its timeline and a LiveBlogPosting schema.org accepts; the article page says it was updated and links to the story', async () => {
    const { article } = await publishedStory('Harbour strike', [report('Port News', 'Harbour workers strike')]);
    expect((await addNote(article.id, 'update', 'The union and the port agreed to talks.')).statusCode).toBe(201);
    const story = await storyOf(article.id);

    const response = await fetch(`${origin}/story/${story.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    const html = await response.text();
    const text = renderedText(html);
    expect(text).toContain('Timeline, newest first');
    expect(text).toContain('The union and the port agreed to talks.');
    expect(text).toMatch(/Port News\s*:\s*Harbour workers strike/);
    const documents = jsonLd(html);
    const liveBlog = documents.find((document) => document['@type'] === 'LiveBlogPosting') as {
      liveBlogUpdate: { '@type': string; headline: string }[];
      coverageStartTime: string;
    };
    expect(liveBlog.coverageStartTime).toBe(new Date(liveBlog.coverageStartTime).toISOString());
    expect(liveBlog.liveBlogUpdate.map((update) => [update['@type'], update.headline])).toEqual([
      ['BlogPosting', `Update to “${article.title}”`],
      ['BlogPosting', `Published: ${article.title}`],
    ]);
    expect(schemaOrgProblems(documents as never)).toEqual([]);

    const articleHtml = await (await fetch(`${origin}/science-and-tech/article/${article.slug}`)).text();
    expect(renderedText(articleHtml)).toMatch(/Updated [A-Z][a-z]+ \d+, \d{4}\s*: The union and the port agreed to talks\./);
    expect(articleHtml).toMatch(new RegExp(`href="/story/${story.slug}"[^>]*>This story has <!-- -->1<!-- --> update`));

    expect((await fetch(`${origin}/story/no-such-story`)).status).toBe(404);

    // The sitemap lists the story's page.
    const sitemap = gunzipSync((await app.get(PagesService).sitemapFile(1))!).toString('utf8');
    expect(sitemap).toContain(`${SITE}/story/${story.slug}</loc>`);
  });

  it('records the reports that arrive on a story with each trending refresh, and when', async () => {
    const first = report('Daily Ledger', 'Solar farm approved in the valley');
    const { topic, article } = await publishedStory('Solar farm', [first]);
    // storeClusters matches the approved topic by its links and keeps adding the refresh's items to it.
    await em.fork().nativeUpdate(TrendingTopic, { id: topic.id }, { itemLinks: [first.link!], status: 'approved' });
    const second = report('Global Wire', 'Valley solar farm gets the go-ahead');
    const third = report('Evening Post', 'Solar farm approval draws objections');
    await refresh([first, second], new Date('2026-11-29T08:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await refresh([first, second, third], new Date('2026-11-29T09:00:00Z'));

    const story = await storyOf(article.id);
    expect(story.newReportCount).toBe(2);
    const arrivals = (await publicStory(story.slug)).timeline.filter((entry) => entry.kind === 'reports');
    expect(arrivals.map((entry) => [entry.atApproval, entry.reports.map((r) => r.outlet)])).toEqual([
      [false, ['Evening Post']],
      [false, ['Global Wire']],
      [true, ['Daily Ledger']],
    ]);
    expect(arrivals[0]!.at > arrivals[1]!.at).toBe(true);

    // Who covers the story now, in the Stories tab: every report on it, by the owner's outlet list.
    const mixOf = async (headers = admin.headers) => {
      const response = await app.inject({ method: 'GET', url: '/api/admin/outlets/stories-mix', headers });
      expect(response.statusCode).toBe(200);
      return StoryOutletMixesSchema.parse(response.json()).stories.find((entry) => entry.storyId === story.id)!.mix;
    };
    expect(await mixOf()).toMatchObject({ independentOutlets: 3, oneSided: false });
    expect((await mixOf()).outlets.map((outlet) => outlet.name).sort()).toEqual(['Daily Ledger', 'Evening Post', 'Global Wire']);
    const outlets = [
      { name: 'Global Wire', owner: 'Wire and Post Group', side: 'wire' },
      { name: 'Evening Post', owner: 'Wire and Post Group', side: 'wire' },
    ];
    for (const outlet of outlets)
      expect((await app.inject({ method: 'POST', url: '/api/admin/outlets', headers: admin.headers, payload: outlet })).statusCode).toBe(201);
    // Two outlets of one owner count once; one side only is said only when every outlet is labelled alike.
    expect(await mixOf()).toMatchObject({ independentOutlets: 2, oneSided: false });
    const ledger = { name: 'Daily Ledger', owner: 'Daily Ledger', side: 'wire' };
    expect((await app.inject({ method: 'POST', url: '/api/admin/outlets', headers: admin.headers, payload: ledger })).statusCode).toBe(201);
    expect(await mixOf()).toMatchObject({ independentOutlets: 2, oneSided: true, side: 'wire' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/outlets/stories-mix', headers: writer.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/outlets/stories-mix' })).statusCode).toBe(401);
  });

  it('lets an editor merge two stories and split an article out again, refusing bad requests, unknown stories and a writer', async () => {
    const a = await publishedStory('Rail strike', [report('Rail Times', 'Rail workers walk out')]);
    const b = await publishedStory('Rail strike talks', [report('Rail Times', 'Rail talks resume')]);
    const storyA = await storyOf(a.article.id);
    const storyB = await storyOf(b.article.id);
    const merge = (id: number, payload: Record<string, unknown>, headers = admin.headers) =>
      app.inject({ method: 'POST', url: `/api/admin/stories/${id}/merge`, headers, payload });
    const split = (id: number, payload: Record<string, unknown>, headers = admin.headers) =>
      app.inject({ method: 'POST', url: `/api/admin/stories/${id}/split`, headers, payload });

    expect((await merge(storyB.id, { intoStoryId: storyA.id }, writer.headers)).statusCode).toBe(403);
    expect((await merge(storyB.id, { intoStoryId: 'x' })).statusCode).toBe(400);
    expect((await merge(storyB.id, { intoStoryId: storyB.id })).json()).toMatchObject({ details: [{ path: 'intoStoryId' }] });
    expect((await merge(storyB.id, { intoStoryId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await merge(2_000_000_000, { intoStoryId: storyA.id })).statusCode).toBe(404);

    const merged = await merge(storyB.id, { intoStoryId: storyA.id });
    expect(merged.statusCode).toBe(200);
    expect(
      AdminStorySchema.parse(merged.json())
        .articles.map((article) => article.id)
        .sort(),
    ).toEqual([a.article.id, b.article.id].sort());
    expect((await app.inject({ method: 'GET', url: `/api/stories/${storyB.slug}` })).statusCode).toBe(404);
    const page = await publicStory(storyA.slug);
    expect(page.updateCount).toBe(1);
    expect(page.timeline.filter((entry) => entry.kind === 'published')).toHaveLength(2);
    expect(
      page.timeline
        .filter((entry) => entry.kind === 'reports')
        .flatMap((entry) => entry.reports.map((r) => r.title))
        .sort(),
    ).toEqual(['Rail talks resume', 'Rail workers walk out']);

    expect((await split(storyA.id, { articleId: b.article.id }, writer.headers)).statusCode).toBe(403);
    expect((await split(storyA.id, { articleId: b.article.id, title: '' })).statusCode).toBe(400);
    expect((await split(storyA.id, { articleId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await split(2_000_000_000, { articleId: b.article.id })).statusCode).toBe(404);
    const apart = await split(storyA.id, { articleId: b.article.id, title: 'Rail talks' });
    expect(apart.statusCode).toBe(200);
    const created = AdminStorySchema.parse(apart.json());
    expect(created).toMatchObject({ title: 'Rail talks', articles: [{ id: b.article.id }] });
    expect(created.slug).toMatch(/^rail-talks/);
    expect((await split(storyA.id, { articleId: a.article.id })).json()).toMatchObject({ details: [{ path: 'articleId' }] });
    expect((await publicStory(created.slug)).timeline.map((entry) => entry.kind)).toEqual(['published']);
    expect((await publicStory(storyA.slug)).articles.map((article) => article.id)).toEqual([a.article.id]);

    const settled = await app.inject({ method: 'PUT', url: `/api/admin/stories/${created.id}/status`, headers: admin.headers, payload: { status: 'settled' } });
    expect(settled.json()).toMatchObject({ status: 'settled' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/stories', headers: writer.headers })).statusCode).toBe(403);
  });
});
