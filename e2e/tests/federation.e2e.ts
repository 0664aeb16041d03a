import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { articleCanonicalPath, type FediverseOverview, type FediverseReader } from '@ai-mind/contracts';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, submitAdminLogin } from '../support/browser.js';
import { freePort, startProduct, type RunningProduct } from '../support/product.js';
import { ARTIFACTS } from '../support/suite.js';

/** Waits until `probe` gives something, or fails saying what it waited for. */
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The owner's admin API of a running product, signed in as npm start printed. */
async function ownerApi(product: RunningProduct) {
  const login = await fetch(`${product.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: product.admin.username, password: product.admin.password }),
  });
  expect(login.status).toBe(200);
  const cookie = /ai_mind_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const headers = { cookie: `ai_mind_admin=${cookie}`, 'x-csrf-token': csrfToken };
  return async <T = Record<string, unknown>>(url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${product.url}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

/**
 * Two instances of the product, started as the README starts them with their own PUBLIC_URL on
 * 127.0.0.1 (each trusting the other's origin, as instances on one private network would), federate:
 * B's owner follows A's site by its handle (WebFinger), A accepts; an article A publishes arrives in B's
 * received posts; B's reply as a site lands in A's moderation queue, is published on A's page once A's
 * owner approves it, B's reply note answers at its id, and B deleting it removes it from A (its id then answers 410).
 */
describe('two instances of the product federating', () => {
  const dirs = [0, 1].map((n) => fs.mkdtempSync(path.join(os.tmpdir(), `ai-mind-e2e-federation-${n}-`)));
  let a: RunningProduct;
  let b: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    for (const dir of dirs) fs.chmodSync(dir, 0o755);
    const [portA, portB] = [await freePort(), await freePort()];
    const origin = (port: number) => `http://127.0.0.1:${port}`;
    const env = (own: number, other: number) => ({
      PUBLIC_URL: origin(own),
      FEDIVERSE_TRUSTED_ORIGINS: origin(other),
      FEDIVERSE_OUTBOX_INTERVAL_MS: '500',
      FEDIVERSE_RETRY_DELAY_MS: '500',
    });
    // One after the other: two starts at once on a two-core machine would each take twice as long.
    a = await startProduct(dirs[0]!, portA!, env(portA!, portB!));
    b = await startProduct(dirs[1]!, portB!, env(portB!, portA!));
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('follows by WebFinger, receives a published article, replies into the moderation queue and onto the page, and deletes the reply', async () => {
    const apiA = await ownerApi(a);
    const apiB = await ownerApi(b);
    const hostA = new URL(a.url).host;

    // B's owner follows A's site by its handle, on B's Fediverse tab; A accepts at once.
    const admin = await openPage(browser, `${b.url.replace(/\/$/, '')}/admin/fediverse`, { width: 1366, height: 900 });
    await submitAdminLogin(admin, b.admin.username, b.admin.password);
    const followForm = admin.page.getByRole('form', { name: 'Follow an account' });
    await admin.visible(followForm);
    await followForm.getByRole('textbox', { name: 'Account' }).fill(`@news@${hostA}`);
    await followForm.getByRole('button', { name: 'Follow' }).click();
    await admin.visible(admin.page.getByTestId('fediverse-following').filter({ hasText: `@news@${hostA}` }));
    const reader = () => apiB<FediverseReader>('/api/admin/fediverse/reader').then((answer) => answer.body);
    await until('A to accept the follow', async () => (await reader()).following.find((f) => f.handle === `@news@${hostA}` && f.status === 'accepted'));
    const followers = (await apiA<FediverseOverview>('/api/admin/fediverse')).body.followers;
    expect(followers.map((follower) => follower.handle)).toContain(`@news@${new URL(b.url).host}`);
    // The same handle again is refused on its field; a handle nobody answers for, too.
    expect((await apiB('/api/admin/fediverse/following', { handle: `@news@${hostA}` })).status).toBe(409);
    expect((await apiB('/api/admin/fediverse/following', { handle: 'not a handle' })).status).toBe(400);

    // A publishes an article (its admin API): the worker delivers its Create to B, which keeps it.
    const title = `Tidal power comes of age ${Date.now()}`;
    const paragraph =
      'Engineers in three countries have brought tidal turbines from trials to steady service, and the grid operators say the output is as regular as the tides.';
    const draft = await apiA<{ id: number }>('/api/admin/articles', {
      title,
      category: 'Technology',
      content: `<p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p>`,
    });
    expect(draft.status).toBe(201);
    expect((await apiA('/api/admin/approve-blog', { blogId: String(draft.body.id), overrideClaims: true })).status).toBe(200);
    const article = (await apiA<{ slug: string; category: string }>(`/api/admin/articles/${draft.body.id}`)).body;
    const articleUrl = `${a.url.replace(/\/$/, '')}${articleCanonicalPath(article)}`;
    const post = await until('the article to reach B', async () => (await reader()).posts.find((p) => p.objectId === articleUrl));
    expect(post).toMatchObject({ name: title, authorHandle: `@news@${hostA}` });
    expect(post.content).not.toContain('<');

    // B's editor sees the article among the received posts and replies as the site, on the Fediverse tab:
    // A keeps the reply in its moderation queue, held, and not on the page.
    const text = `Which three countries? ${Date.now()}`;
    await admin.page.getByRole('button', { name: 'Refresh Data' }).click();
    const card = admin.page.getByTestId('fediverse-post').filter({ hasText: title });
    await admin.visible(card);
    await card.getByRole('textbox', { name: 'Reply as the site' }).fill(text);
    await card.getByRole('button', { name: 'Reply' }).click();
    await admin.visible(card.getByTestId('fediverse-sent-reply').filter({ hasText: text }));
    expect((await apiB(`/api/admin/fediverse/posts/${post.id}/replies`, { content: '' })).status).toBe(400);
    const held = await until('the reply in A’s moderation queue', async () =>
      (await apiA<FediverseOverview>('/api/admin/fediverse')).body.replies.find((reply) => reply.content.includes(text)),
    );
    expect(held).toMatchObject({ status: 'held', handle: `@news@${new URL(b.url).host}` });
    const comments = () =>
      fetch(`${a.url.replace(/\/$/, '')}/api/articles/${draft.body.id}/comments`).then((response) => response.json() as Promise<{ content: string }[]>);
    expect((await comments()).some((comment) => comment.content.includes(text))).toBe(false);
    const sent = await until('B to record its reply as sent', async () =>
      (await reader()).posts.find((p) => p.id === post.id)!.replies.find((reply) => reply.delivery === 'sent'),
    );
    expect(sent).toMatchObject({ content: text, deletedAt: null });
    await admin.page.getByRole('button', { name: 'Refresh Data' }).click();
    await admin.visible(card.getByText('sent', { exact: true }));
    await admin.page.screenshot({ path: path.join(ARTIFACTS, 'federation-reader-1366.png'), fullPage: true });
    // Its id answers the Note, as A (or a reader's client) dereferencing it would get it.
    const noteAt = () => fetch(sent.noteId, { headers: { accept: 'application/activity+json' } });
    const note = await noteAt();
    expect(note.status).toBe(200);
    expect(note.headers.get('content-type')).toContain('application/activity+json');
    expect(await note.json()).toMatchObject({ id: sent.noteId, type: 'Note', inReplyTo: articleUrl, content: expect.stringContaining(text) });

    // A's owner publishes it: it shows on the article's page as a comment with its author's handle and link.
    const approved = await apiA<{ message: string }>(`/api/admin/fediverse/replies/${held.id}`, { status: 'published' });
    expect(approved).toEqual({ status: 200, body: { message: 'Published as a comment.' } });
    await until('the reply among the article’s comments', async () => (await comments()).some((comment) => comment.content.includes(text)));
    // On the page a reader opens: its comments are asked for as it mounts (a comment does not change the article's cached render).
    const reading = await openPage(browser, articleUrl);
    const comment = reading.page.getByTestId('comments-section').getByText(text);
    await reading.visible(comment);
    // Marked with B's handle, linking B's profile (the site's actor names its home page).
    const author = reading.page.getByTestId('comments-section').getByRole('link', { name: `@news@${new URL(b.url).host}` });
    expect(await author.getAttribute('href')).toBe(`${b.url}/`);

    // B deletes its reply: the Delete reaches A, which removes the comment.
    expect((await apiB(`/api/admin/fediverse/sent-replies/${sent.id}/remove`, {})).status).toBe(200);
    await until('the reply gone from A’s comments', async () => !(await comments()).some((comment) => comment.content.includes(text)));
    await reading.page.reload({ waitUntil: 'networkidle' });
    await reading.visible(reading.page.getByTestId('comments-section').getByRole('heading', { name: /Comments/ }));
    expect(await comment.count()).toBe(0);
    expect((await apiA<FediverseOverview>('/api/admin/fediverse')).body.replies.find((reply) => reply.content.includes(text))).toBeUndefined();
    await until('B to record the Delete as sent', async () =>
      (await reader()).posts.find((p) => p.id === post.id)!.replies.find((reply) => reply.deletedAt !== null && reply.delivery === 'sent'),
    );
    // Deleted, its id answers 410 Gone with a Tombstone.
    const gone = await noteAt();
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ id: sent.noteId, type: 'Tombstone' });

    // B unfollows: A drops B from its followers.
    const following = (await reader()).following.find((f) => f.handle === `@news@${hostA}`)!;
    expect((await apiB(`/api/admin/fediverse/following/${following.id}/remove`, {})).status).toBe(200);
    await until(
      'A to drop B',
      async () => !(await apiA<FediverseOverview>('/api/admin/fediverse')).body.followers.some((f) => f.handle.endsWith(new URL(b.url).host)),
    );
  }, 300_000);
});
