import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedArticles } from '../../bench/lib/seed.mjs';
import { freePort, startPostgres } from '../../scripts/lib/services.mjs';
import { eventually, openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { migrate, sql } from '../support/sql.mjs';
import { ARTIFACTS, useProduct } from '../support/suite.js';

const ARCHIVE = 100_000;
/**
 * A paragraph each: what an editor meets at this scale is in the rows (the counts, the pages, the search
 * index's entries, the history), not in the bodies' length. Full 3-6 KB bodies cost the seeding about
 * twice the CPU (mostly their search vectors), and the benchmark measures the speed on them (bench/).
 */
const ARCHIVE_BODIES = { fewest: 1, most: 1 };

describe('an editor in a site with 100,000 articles', () => {
  // The product runs on a PostgreSQL of this suite's own, filled with the archive before the product starts
  // (the schema from the build's migrations, as `npm start` applies them), as a site restarted on years of
  // articles is: the seeding has both cores to itself.
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-e2e-admin-scale-pg-'));
  let database: { url: string; stop: () => Promise<void> };
  const suite = useProduct(
    'admin-scale',
    async () => {
      fs.chmodSync(pgDir, 0o755);
      database = await startPostgres({ dataDir: path.join(pgDir, 'postgres'), port: await freePort(), database: 'ai_mind_admin_scale' });
      await migrate(database.url);
      await seedArticles(database.url, ARCHIVE, { paragraphs: ARCHIVE_BODIES });
      // No scheduled trending refresh: it drops an undecided topic no feed mentions (the one this suite adds).
      return { DATABASE_URL: database.url, TRENDING_REFRESH_MINUTES: '0' };
    },
    900_000,
  );
  const word = `quagga${Date.now().toString(36)}`;
  let oldId: number;

  beforeAll(async () => {
    const [old] = await sql<{ id: number }>(
      database.url,
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       values ($1, $2, '<p>An archive piece from two years ago.</p>', 'Culture', true, now() - interval '730 days', now() - interval '730 days') returning id`,
      [`The ${word} question, two years on`, `the-${word}-question`],
    );
    oldId = old!.id;
    await sql(
      database.url,
      `insert into comment (article_id, author_name, content, ai_response, client_hash, created_at)
       values ($1, 'Pill Seller', $2, 'An AI reply to spam.', repeat('x', 64), now())`,
      [oldId, `Cheap pills ${word} at example dot com`],
    );
    await sql(database.url, 'update article set comments = comments + 1 where id = $1', [oldId]);
    await sql(
      database.url,
      // Two outlets of two owners: the newsroom's default of two independent outlets, so a plain approval.
      `insert into trending_topic (topic, source, priority, category, mentions, trend, status, items, created_at, updated_at)
       values ($1, 'e2e', 'high', 'Technology', 99999, 'rising', 'new', $2::jsonb, now(), now())`,
      [
        `Grid batteries ${word}`,
        JSON.stringify(
          ['Grid Wire', 'Battery Post'].map((source) => ({
            source,
            title: `Grid batteries ${word}`,
            link: null,
            summary: 'Storage grows.',
            publishedAt: null,
          })),
        ),
      ],
    );
  }, 60_000);
  afterAll(async () => {
    await database?.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }, 60_000);

  it('finds a two-year-old article by a word of its title, edits it, reloads on its deep link, deletes a spam comment and sees a new blog arrive', async () => {
    const opened = await openPage(suite.browser, `${suite.product.url}/admin`);
    const { page, visible } = opened;
    const dialogs = recordDialogs(page);
    await submitAdminLogin(opened, suite.product.admin.username, suite.product.admin.password);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    // Article Management pages from the server: the counts are the whole archive's.
    await page.getByRole('tab', { name: 'Article Management' }).click();
    await visible(page.getByTestId('count-all'));
    const all = Number((await page.getByTestId('count-all').textContent())!.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(ARCHIVE);

    await page.getByRole('textbox', { name: 'Search articles' }).fill(word);
    await page.getByRole('textbox', { name: 'Search articles' }).press('Enter');
    await eventually(() => new URL(page.url()).search, `?q=${word}`);
    const card = page.getByTestId('admin-article').filter({ hasText: `The ${word} question` });
    await visible(card);
    expect(await page.getByTestId('admin-article').count()).toBe(1);

    await card.getByRole('button', { name: 'Edit' }).click();
    await eventually(() => new URL(page.url()).pathname, `/admin/articles/${oldId}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill(`The ${word} question, revisited`);
    await page.keyboard.press('Control+s');
    await visible(page.getByText(`"The ${word} question, revisited" is saved.`));

    // The editor has its own URL: a reload opens the same article, as saved.
    await page.reload();
    await eventually(
      async () => (await page.getByRole('textbox', { name: 'Title' }).count()) > 0 && page.getByRole('textbox', { name: 'Title' }).inputValue(),
      `The ${word} question, revisited`,
      30_000,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-at-scale-editor.png') });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`, `/admin/articles?q=${word}`);
    await visible(page.getByTestId('admin-article').filter({ hasText: `The ${word} question, revisited` }));
    // Back reopens the editor, Forward the search results.
    await page.goBack();
    await eventually(() => new URL(page.url()).pathname, `/admin/articles/${oldId}`);
    await visible(page.getByTestId('blog-editor'));
    await page.goForward();
    await visible(page.getByTestId('admin-article').filter({ hasText: `The ${word} question, revisited` }));

    // The spam comment: found by a word of it, deleted with its AI reply after confirming.
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('textbox', { name: 'Search comments' }).fill(word);
    await page.getByRole('textbox', { name: 'Search comments' }).press('Enter');
    const spam = page.getByTestId('admin-comment').filter({ hasText: 'Pill Seller' });
    await visible(spam);
    await spam.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByTestId('admin-comment').count(), 0);
    expect(dialogs).toContain('Delete this comment and its AI reply permanently?');
    expect(await sql(database.url, 'select comments from article where id = $1', [oldId])).toEqual([{ comments: 0 }]);

    // A topic approved now: its blog shows up in Blog Workflow by itself, no Refresh Data pressed.
    await page.getByRole('tab', { name: 'Trending Topics' }).click();
    const topicCard = page.getByTestId('trending-topic').filter({ hasText: `Grid batteries ${word}` });
    await visible(topicCard);
    await topicCard.getByRole('button', { name: 'Approve' }).click();
    await eventually(() => topicCard.count(), 0);
    await page.getByRole('tab', { name: 'Blog Workflow' }).click();
    const workflowCard = page.locator('.mantine-Card-root').filter({ hasText: `Grid batteries ${word}` });
    await visible(workflowCard);
    await eventually(() => workflowCard.getByText('blog received').count(), 1, 60_000);
    await visible(page.getByText('Blog arrived'));
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-at-scale-blog-arrived.png') });
    await page.close();
  }, 300_000);
});
