import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startLocalHttpServer } from '../../backend/test/support/local-http-server.js';
import { startPushStandIn, type PushStandIn } from '../../backend/test/support/push-stand-in.js';
import { eventually, openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { schemaOrgProblems } from '../support/schema-org.js';
import { sql } from '../support/sql.mjs';
import { ARTIFACTS, useProduct } from '../support/suite.js';

interface Report {
  title: string;
  link: string;
  summary: string;
}
interface CaughtMail {
  id: number;
  subject: string;
  text: string | null;
}
type TopicRow = { id: number; topic: string; category: string; mentions: number; items?: { link: string | null }[] };

const rss = (outlet: string, reports: Report[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${outlet}</title>${reports
    .map((r) => `<item><title>${r.title}</title><link>${r.link}</link><description>${r.summary}</description></item>`)
    .join('')}</channel></rss>`;

// One story told by outlets whose headlines share its words, so each refresh clusters them with the approved topic.
const LEDGER_FIRST: Report = {
  title: 'Harbour bridge closed after cracks found in main span',
  link: 'https://ledger.example/harbour-bridge-closed',
  summary: 'Engineers closed the harbour bridge after finding cracks in its main span.',
};
const WIRE_FIRST: Report = {
  title: 'Cracks in main span close harbour bridge to traffic',
  link: 'https://wire.example/harbour-bridge-cracks',
  summary: 'The harbour bridge was closed to traffic after cracks were found in the main span.',
};
const POST_SECOND: Report = {
  title: 'Harbour bridge cracks: repairs to main span will take six weeks',
  link: 'https://post.example/harbour-bridge-repairs',
  summary: 'Repairs to the cracks in the harbour bridge main span will take six weeks, engineers said.',
};
const WIRE_THIRD: Report = {
  title: 'Ferries added while harbour bridge main span cracks are repaired',
  link: 'https://wire.example/harbour-bridge-ferries',
  summary: 'Extra ferries will run while the cracks in the harbour bridge main span are repaired.',
};
const OTHER: Report = {
  title: 'Museum opens new wing of modern sculpture',
  link: 'https://ledger.example/museum-wing',
  summary: 'The city museum opened a new wing.',
};
/** What "Draft an update from them" writes from the new report, and what the editor adds before publishing it. */
const UPDATE_DRAFT = `Since this article was published: Evening Post reports: ${POST_SECOND.title}.`;
const UPDATE_NOTE = `${UPDATE_DRAFT} The bridge stays closed until the repairs are done.`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the local feed server serves; each refresh reads the outlets as they are then. */
const feeds = { ledger: [LEDGER_FIRST, OTHER], wire: [WIRE_FIRST], post: [] as Report[] };

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The product's worker processes: node running main.worker.js with this suite's data folder in its environment. */
function workerProcessesOf(dataDir: string): number[] {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8').split('\0');
    } catch {
      return []; // gone meanwhile, or another user's
    }
  };
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => read(`/proc/${pid}/cmdline`).some((arg) => arg.endsWith('backend/dist/bundle/main.worker.js')))
    .filter((pid) => read(`/proc/${pid}/environ`).includes(`AI_MIND_DATA_DIR=${dataDir}`))
    .map(Number);
}

/**
 * A story that lives through three trending refreshes, against the product as `npm start` runs it with
 * two workers: two outlets report it, it is approved, written and published; a reader follows it by
 * email (the real form, JavaScript off, confirmed from the mail catcher) and by Web Push (a push service
 * stand-in that checks the VAPID signature and decrypts the payload); a third outlet's report arrives,
 * the editor's update note covers it, and each follower receives that update exactly once; a fourth
 * report arrives, and the story page shows them all with its LiveBlogPosting.
 */
describe('a living story, from three refreshes to its followers, in Chromium', () => {
  let push: PushStandIn;
  let vapidKey: string | undefined;
  const vapidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'living-story-vapid-'));
  let feedServer: Awaited<ReturnType<typeof startLocalHttpServer>>;

  const suite = useProduct('living-story', async () => {
    push = await startPushStandIn(() => vapidKey);
    feedServer = await startLocalHttpServer({
      '/ledger.rss': (_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('The Daily Ledger', feeds.ledger)),
      '/wire.rss': (_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Global Wire', feeds.wire)),
      '/post.rss': (_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Evening Post', feeds.post)),
    });
    return {
      SEED_DEMO: 'false',
      WORKERS: '2',
      TRENDING_FEEDS: ['/ledger.rss', '/wire.rss', '/post.rss'].map(feedServer.url).join(','),
      TRENDING_REFRESH_MINUTES: '0',
      TRENDING_HIGH_PRIORITY_MENTIONS: '2',
      // The feeds' links are fictional: the article is written from the feeds' summaries.
      SOURCE_FETCH_PAGES: 'off',
      SOURCE_WATCH_INTERVAL_MINUTES: '0',
      VAPID_KEYS_FILE: path.join(vapidDir, 'vapid-keys.json'),
      PUSH_TRUSTED_ORIGINS: push.origin,
      PUSH_CA_FILE: push.caFile,
      FOLLOWS_TICK_MS: '300',
      FOLLOWS_RETRY_DELAY_MS: '300',
    };
  });
  afterAll(async () => {
    await push?.stop();
    await feedServer?.close();
    fs.rmSync(vapidDir, { recursive: true, force: true });
  });

  let headers: Record<string, string>;
  const databaseUrl = () => /Database: (\S+)/.exec(suite.product.output())![1]!;
  const api = async <T>(route: string, init: { method?: string; body?: unknown; admin?: boolean } = {}): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${suite.product.url}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...(init.admin === false ? {} : headers), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const refresh = async () => {
    const { status, body } = await api<TopicRow[]>('/api/trending-topics/refresh', { method: 'POST', body: {} });
    expect(status).toBe(200);
    return body;
  };
  const mailsTo = async (address: string) =>
    (await (await fetch(`${suite.product.mailInbox}/api/messages?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[];
  const jsonLdOf = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) => JSON.parse(script.textContent!) as Record<string, unknown>),
    );

  beforeAll(async () => {
    const login = await fetch(`${suite.product.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: suite.product.admin.username, password: suite.product.admin.password }),
    });
    expect(login.status).toBe(200);
    const cookie = /ai_mind_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    headers = { cookie: `ai_mind_admin=${cookie}`, 'x-csrf-token': csrfToken };
  });

  it('records each refresh’s reports, delivers the update note once by email and by push with two workers, and shows the story with its LiveBlogPosting', async () => {
    // Two workers, as npm start ran them with WORKERS=2.
    expect(workerProcessesOf(suite.dataDir)).toHaveLength(2);

    // Refresh 1: two independent outlets report the story.
    const topics = await refresh();
    const topic = topics.find((t) => /harbour bridge/i.test(t.topic))!;
    expect(topic).toBeDefined();
    expect(topic.mentions).toBe(2);
    const approved = await api<{ approvedTopicId: number }>('/api/admin/approve-topic', {
      body: { topicId: topic.id, topic: topic.topic, sourceUrl: LEDGER_FIRST.link, category: topic.category },
    });
    expect(approved.status).toBe(200);

    // The built-in generator (a worker) writes the article; the editor publishes it.
    const articleId = await until('the article to be written', async () => {
      const [row] = await sql<{ article_id: number | null }>(databaseUrl(), 'select article_id from approved_topic where id = $1', [
        approved.body.approvedTopicId,
      ]);
      return row?.article_id ? Number(row.article_id) : null;
    });
    const published = await api('/api/admin/approve-blog', { body: { blogId: String(articleId), overrideClaims: true } });
    expect(published.status).toBe(200);
    const { body: article } = await api<{ title: string; slug: string; category: string }>(`/api/admin/articles/${articleId}`);
    const { body: linked } = await api<{ story: { slug: string; title: string; updateCount: number } | null }>(`/api/articles/${articleId}/story`, {
      admin: false,
    });
    expect(linked.story).toMatchObject({ updateCount: 0 });
    const storyPath = `/story/${linked.story!.slug}`;

    // A reader follows the story by email with JavaScript off: the page's real form, then the link in the mail and its form.
    const reader = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const plain = await reader.newPage();
    await plain.goto(`${suite.product.url}${storyPath}`);
    const email = `follower-${Date.now()}@example.com`;
    const form = plain.getByRole('form', { name: 'Follow this story' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(email);
    await form.getByRole('button', { name: 'Follow by email' }).click();
    await plain.waitForLoadState('load');
    expect(new URL(plain.url()).pathname).toBe(storyPath);
    expect(await plain.getByText('Check your inbox: confirm with the link we sent to start receiving updates.').count()).toBe(1);
    const [confirmation] = await until('the confirmation mail', async () => {
      const mails = await mailsTo(email);
      return mails.length > 0 && mails;
    });
    expect(confirmation!.subject).toMatch(/^Confirm that you follow/);
    const confirmLink = /(http:\/\/\S+\/api\/follows\/confirm\?token=\S+)/.exec(confirmation!.text!)![1]!;
    await plain.goto(confirmLink);
    await plain.getByRole('button', { name: 'Confirm', exact: true }).click();
    await plain.waitForLoadState('load');
    expect(await plain.getByText("You're following it. Its updates will reach you as you chose.").count()).toBe(1);

    // And by Web Push on a device: the subscription sent from the site's page, as its button sends it.
    const device = await openPage(suite.browser, `${suite.product.url}${storyPath}`);
    vapidKey = (await api<{ publicKey: string }>('/api/follows/push/key', { admin: false })).body.publicKey;
    const subscriber = push.subscribe();
    const subscribed = await device.page.evaluate(
      async ({ subscription, story }) => {
        const response = await fetch('/api/follows/push', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subscription, target: { story }, consent: true }),
        });
        return response.status;
      },
      { subscription: subscriber.json, story: linked.story!.slug },
    );
    expect(subscribed).toBe(201);

    // Refresh 2: a third outlet's report arrives; the story records it and the editor's list of new reports names it.
    feeds.post = [POST_SECOND];
    await refresh();
    const newReports = await until('the new report on the article', async () => {
      const { body } = await api<{ reports: { outlet: string; title: string; link: string | null }[] }>(`/api/admin/articles/${articleId}/new-reports`);
      return body.reports.length > 0 && body.reports;
    });
    expect(newReports).toEqual([expect.objectContaining({ outlet: 'Evening Post', title: POST_SECOND.title, link: POST_SECOND.link })]);
    const arrivalsOf = async () =>
      (
        await api<{ timeline: { kind: string; atApproval?: boolean; reports?: { outlet: string }[] }[] }>(`/api/stories/${linked.story!.slug}`, {
          admin: false,
        })
      ).body.timeline
        .filter((entry) => entry.kind === 'reports' && !entry.atApproval)
        .map((entry) => entry.reports!.map((r) => r.outlet));
    expect(await arrivalsOf()).toEqual([['Evening Post']]);

    // The editor drafts the update note from them on the article's admin page, adds a sentence and publishes it.
    const admin = await openPage(suite.browser, `${suite.product.url}/admin`);
    const dialogs = recordDialogs(admin.page);
    await submitAdminLogin(admin, suite.product.admin.username, suite.product.admin.password);
    await admin.visible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await admin.page.goto(`${suite.product.url}/admin/articles/${articleId}`, { waitUntil: 'networkidle' });
    const fresh = admin.page.getByTestId('new-reports');
    await admin.visible(fresh);
    expect(await fresh.textContent()).toContain(`Evening Post: ${POST_SECOND.title}`);
    await fresh.getByRole('button', { name: 'Draft an update from them' }).click();
    const noteBox = admin.page.getByRole('textbox', { name: 'What happened since publication' });
    expect(await noteBox.inputValue()).toBe(UPDATE_DRAFT);
    await noteBox.fill(UPDATE_NOTE);
    await admin.page.getByRole('button', { name: 'Publish update note' }).click();
    await eventually(() => dialogs.some((text) => text.startsWith('Update added')), true);
    await admin.page.close();
    expect((await api<{ reports: unknown[] }>(`/api/admin/articles/${articleId}/new-reports`)).body.reports).toEqual([]);

    // Each follower receives it once: one email over real SMTP, one push the stand-in verified and decrypted.
    const updateMails = async () => (await mailsTo(email)).filter((mail) => !mail.subject.startsWith('Confirm'));
    await until('the update email', async () => (await updateMails()).length > 0);
    await until('the update push', async () => push.received(subscriber.id).length > 0);
    // Longer than several delivery ticks of both workers: nothing comes twice.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const mails = await updateMails();
    expect(mails.map((mail) => mail.subject)).toEqual([`Updated: ${article.title}`]);
    expect(mails[0]!.text).toContain(UPDATE_NOTE);
    const pushes = push.received(subscriber.id);
    expect(pushes).toHaveLength(1);
    expect(push.refused).toEqual([]);
    expect(pushes[0]!.claims.aud).toBe(push.origin);
    const message = JSON.parse(pushes[0]!.payload) as { title: string; body: string; url: string };
    expect(message.title).toBe(`Updated: ${article.title}`);
    expect(message.body).toContain(UPDATE_NOTE);
    expect(message.url).toContain(article.slug);

    // Refresh 3: another report arrives.
    feeds.wire = [WIRE_FIRST, WIRE_THIRD];
    await refresh();
    await until('the fourth report on the story', async () => (await arrivalsOf()).length === 2);
    expect(await arrivalsOf()).toEqual([['Global Wire'], ['Evening Post']]);

    // The story page: the timeline of both arrivals and the update, and a LiveBlogPosting schema.org accepts.
    const { page, visible } = device;
    await page.goto(`${suite.product.url}${storyPath}`, { waitUntil: 'networkidle' });
    const entries = page.getByTestId('story-entry');
    await visible(entries.first());
    expect(await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual([
      'reports',
      'update',
      'reports',
      'published',
      'reports',
    ]);
    const timelineText = (await page.getByRole('list', { name: 'Timeline' }).textContent())!;
    for (const text of [UPDATE_NOTE, POST_SECOND.title, WIRE_THIRD.title, LEDGER_FIRST.title]) expect(timelineText).toContain(text);
    const documents = await jsonLdOf(page);
    const liveBlog = documents.find((document) => document['@type'] === 'LiveBlogPosting') as { liveBlogUpdate: { headline: string }[] } | undefined;
    expect(liveBlog?.liveBlogUpdate.map((update) => update.headline)).toEqual([`Update to “${article.title}”`, `Published: ${article.title}`]);
    expect(schemaOrgProblems(documents as never)).toEqual([]);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(ARTIFACTS, `living-story-${width}.png`), fullPage: true });
    }

    // The article page says it was updated and links to its story.
    await page.goto(`${suite.product.url}/article/${article.slug}`, { waitUntil: 'networkidle' });
    await visible(page.getByText(/This story has 1 update/));
    expect(await page.locator('body').textContent()).toMatch(new RegExp(`Updated [A-Z][a-z]+ \\d+, \\d{4}\\s*: ${escapeRegExp(UPDATE_NOTE)}`));
    expect(await page.getByRole('link', { name: /This story has 1 update/ }).getAttribute('href')).toBe(storyPath);

    // With JavaScript off, the story page renders its timeline and JSON-LD from the server.
    await plain.goto(`${suite.product.url}${storyPath}`);
    expect(await plain.getByTestId('story-entry').count()).toBe(5);
    expect((await plain.getByRole('list', { name: 'Timeline' }).textContent())!).toContain(UPDATE_NOTE);
    const serverJsonLd = (await plain.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(serverJsonLd.some((document) => document['@type'] === 'LiveBlogPosting')).toBe(true);

    // Still exactly one update for each follower after the third refresh.
    expect((await updateMails()).length).toBe(1);
    expect(push.received(subscriber.id)).toHaveLength(1);
    await reader.close();
    await page.close();
  });
});
