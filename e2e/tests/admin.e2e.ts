import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { approveFirstTopic, eventually, openPage as openIn, recordDialogs, submitAdminLogin, type OpenedPage } from '../support/browser.js';
import { REPO_ROOT } from '../support/product.js';
import { startStaticHost, type StaticHost } from '../support/static-server.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

describe('the admin panel in Chromium', () => {
  let standalone: StaticHost;
  // The standalone admin app's origin is allowed credentialed CORS, as a deployment would configure it.
  const suite = useProduct('admin', async () => {
    standalone = await startStaticHost();
    return { CORS_ORIGINS: standalone.url };
  });
  afterAll(() => standalone?.close());
  const openPage = (url: string) => openIn(suite.browser, url);

  const signIn = (opened: OpenedPage, password = suite.product.admin.password) => submitAdminLogin(opened, suite.product.admin.username, password);

  async function openArticleManagement(opened: OpenedPage) {
    await opened.visible(opened.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await opened.page.getByRole('tab', { name: 'Article Management' }).click();
    await opened.visible(opened.page.getByTestId('admin-article').first());
  }

  async function firstDraft({ page }: OpenedPage) {
    const card = page
      .getByTestId('admin-article')
      .filter({ has: page.getByText('Draft', { exact: true }) })
      .first();
    return { card, title: (await card.getByTestId('admin-article-title').textContent())!.trim() };
  }

  it('refuses a wrong password with the server message, then signs in with the printed demo credentials', async () => {
    expect(suite.product.admin.username).toBe('admin');
    const opened = await openPage(`${suite.product.url}/admin`);
    await signIn(opened, 'not-the-password');
    await opened.visible(opened.page.getByRole('alert').filter({ hasText: 'Invalid username or password' }));
    await signIn(opened);
    await opened.visible(opened.page.getByRole('heading', { name: 'Admin Dashboard' }));
    // Framed by the site, as every page is: its header, footer and a way back to the site.
    expect(await opened.page.getByRole('link', { name: 'The AI Mind, home' }).count()).toBe(1);
    await opened.visible(opened.page.getByRole('navigation', { name: 'Footer' }));
    await opened.page.screenshot({ path: path.join(ARTIFACTS, 'admin-dashboard.png') });
    await opened.page.close();
  });

  it('edits an article in the editor and saves it with Ctrl+S', async () => {
    const opened = await openPage(`${suite.product.url}/admin`);
    await signIn(opened);
    await openArticleManagement(opened);
    const { page, visible } = opened;
    const card = page
      .getByTestId('admin-article')
      .filter({ has: page.getByText('Published', { exact: true }) })
      .first();
    const slug = ((await card.locator('a', { hasText: 'Preview' }).getAttribute('href')) ?? '').split('/').pop()!;
    await card.getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByTestId('blog-editor'));
    await page.getByRole('textbox', { name: 'Title' }).fill('Edited in the browser: a sharper headline');
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' A sentence added in the editor.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-editor.png') });
    await page.keyboard.press('Control+s');
    await visible(page.getByText('"Edited in the browser: a sharper headline" is saved.'));

    const saved = await (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).json();
    expect(saved.title).toBe('Edited in the browser: a sharper headline');
    expect(saved.content).toContain('A sentence added in the editor.');
    await page.close();
  });

  it('publishes a draft, which then shows on the public home', async () => {
    const opened = await openPage(`${suite.product.url}/admin`);
    const dialogs = recordDialogs(opened.page);
    await signIn(opened);
    await openArticleManagement(opened);
    const { card, title } = await firstDraft(opened);
    await card.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => dialogs, ["Blog published successfully! It's now live on the site."]);

    const home = await openPage(suite.product.url);
    await home.visible(home.page.getByRole('link', { name: title }).first());
    await home.page.close();
    await opened.page.close();
  });

  it('declines an article only after the confirmation, and it is gone for good', async () => {
    const opened = await openPage(`${suite.product.url}/admin`);
    const dialogs = recordDialogs(opened.page);
    await signIn(opened);
    await openArticleManagement(opened);
    const { card, title } = await firstDraft(opened);
    await card.getByRole('button', { name: /Decline/ }).click();
    await eventually(() => dialogs, ['Are you sure you want to delete this article permanently?', 'Article deleted successfully!']);
    await eventually(() => opened.page.getByTestId('admin-article-title').filter({ hasText: title }).count(), 0);
    await opened.page.close();
  });

  it('refreshes topics, approves one, sees its blog in Blog Workflow, publishes it and reads it on the site', async () => {
    const opened = await openPage(`${suite.product.url}/admin`);
    const dialogs = recordDialogs(opened.page);
    const { page, visible } = opened;
    await signIn(opened);
    // The worker refreshes from the bundled feed snapshot (no feeds are configured) and the list comes back fresh.
    const refresh = page.getByRole('button', { name: 'Refresh Topics' });
    await refresh.click();
    await eventually(async () => (await refresh.getAttribute('data-loading')) === null, true, 30_000);
    const sources = page.getByTestId('trending-sources');
    await eventually(async () => /^Topics from the bundled feed snapshot · last refreshed /.test((await sources.textContent()) ?? ''), true, 30_000);
    expect(dialogs).toEqual([]);
    // The worker writes the blog within seconds.
    const { title, workflowCard } = await approveFirstTopic(opened, 30_000);
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-workflow.png') });

    await page.getByRole('tab', { name: 'Article Management' }).click();
    const card = page.getByTestId('admin-article').filter({ has: page.getByTestId('admin-article-title').getByText(title, { exact: true }) });
    await card.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => dialogs.at(-1), "Blog published successfully! It's now live on the site.");
    // The workflow now says so, with the way to the live article.
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await page.getByRole('tab', { name: 'Blog Workflow' }).click();
    await visible(workflowCard.getByText('published', { exact: true }));
    expect(await workflowCard.getByRole('link', { name: 'Read it on the site' }).getAttribute('href')).toMatch(/^\/article\//);

    const home = await openPage(suite.product.url);
    await home.visible(home.page.getByRole('link', { name: title }).first());
    await home.page.close();
    await page.close();
  }, 90_000);

  it('reads a contact message sent from the public contact page', async () => {
    // Typed as soon as the page is there, scripts or not: the form works either way.
    const contact = await suite.browser.newPage();
    await contact.goto(`${suite.product.url}/contact`, { waitUntil: 'domcontentloaded' });
    const visitorDialogs = recordDialogs(contact);
    const form = contact.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill('A bug in your prose');
    await form.getByRole('textbox', { name: 'Message' }).fill('Found a moth in paragraph three.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The app's alert once hydrated, the server's page before: the thank-you either way, once.
    const thanks = 'Thank you for your message! We will get back to you soon.';
    await eventually(async () => visitorDialogs.filter((text) => text === thanks).length + (await contact.getByText(thanks).count()), 1);
    expect(contact.url()).not.toContain('moth');
    await contact.close();

    const admin = await openPage(`${suite.product.url}/admin`);
    await signIn(admin);
    await admin.visible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await admin.page.getByRole('tab', { name: 'Contact Messages' }).click();
    const message = admin.page.getByTestId('contact-message').filter({ hasText: 'A bug in your prose' });
    await admin.visible(message);
    expect(await message.textContent()).toContain('Found a moth in paragraph three.');
    expect(await message.textContent()).toContain('grace@example.com');
    await admin.page.close();
  });

  it('runs standalone on its own origin against the API', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-admin-standalone-'));
    const build = spawnSync('npx', ['rsbuild', 'build', '--mode', 'production', '--dist-path', dist, '--log-level', 'warn'], {
      cwd: path.join(REPO_ROOT, 'admin-app'),
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_API_ORIGIN: suite.product.url },
      encoding: 'utf8',
    });
    expect(build.status).toBe(0);
    standalone.serve(dist);
    try {
      const opened = await openPage(standalone.url);
      await signIn(opened);
      await openArticleManagement(opened);
      expect(opened.requests).toContain('/api/admin/articles');
      expect(new URL(opened.page.url()).origin).toBe(standalone.url);
      await opened.page.close();
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 120_000);
});
