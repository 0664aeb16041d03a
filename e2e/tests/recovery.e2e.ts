import path from 'node:path';
import { openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

describe('images, recovery and the queue dashboard in Chromium', () => {
  const suite = useProduct('recovery');

  async function nextDialog(dialogs: string[], count: number): Promise<string> {
    const deadline = Date.now() + 60_000;
    while (dialogs.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    return dialogs[count - 1] ?? '(no dialog)';
  }

  it('regenerates an image, runs the three recovery actions against the worker, and shows the queues to the signed-in admin', async () => {
    const opened = await openPage(suite.browser, `${suite.product.url}/admin`);
    const { page, visible } = opened;
    const dialogs = recordDialogs(page);
    await submitAdminLogin(opened, suite.product.admin.username, suite.product.admin.password);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    await page.getByRole('tab', { name: 'Article Management' }).click();
    const card = page.getByTestId('admin-article').first();
    await visible(card);
    const title = (await card.getByTestId('admin-article-title').textContent())!.trim();
    await card.getByRole('button', { name: 'Regenerate Image' }).click();
    expect(await nextDialog(dialogs, 1)).toBe('Images regenerated for 1 article.');
    // The article now points at its new WebP, which the API serves with a year of caching.
    const image = await page.evaluate(async (wanted) => {
      const articles = (await (await fetch('/api/admin/articles', { credentials: 'include' })).json()) as { title: string; imageUrl: string }[];
      const url = articles.find((article) => article.title === wanted)!.imageUrl;
      const response = await fetch(url);
      return { url, type: response.headers.get('content-type'), cache: response.headers.get('cache-control') };
    }, title);
    expect(image).toEqual({
      url: expect.stringMatching(/^\/media\/articles\/\d+\/v[a-z0-9]+-1200x630\.webp$/),
      type: 'image/webp',
      cache: 'public, max-age=31536000, immutable',
    });

    await page.getByRole('button', { name: 'Quick Recovery' }).click();
    expect(await nextDialog(dialogs, 2)).toBe('Quick recovery finished. No missing articles found.');
    await page.getByRole('button', { name: 'Deep Recovery' }).click();
    expect(await nextDialog(dialogs, 3)).toMatch(/^Deep recovery finished: \d+ articles found in \d+ backups, 0 restored\. Now \d+ articles, \d+ published\.$/);
    await page.getByRole('button', { name: 'Recreate Articles' }).click();
    expect(await nextDialog(dialogs, 4)).toMatch(/^Recreated 0 articles\. Now \d+ articles, \d+ published\.$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-recovery.png') });

    // Bull Board, in the same signed-in browser.
    await page.goto(`${suite.product.url}/api/admin/queues`, { waitUntil: 'networkidle' });
    for (const queue of ['images', 'recovery']) await visible(page.getByText(queue, { exact: true }).first());
    await page.screenshot({ path: path.join(ARTIFACTS, 'queue-dashboard.png') });
    await page.close();

    // Without the session, nothing of it.
    const anonymous = await suite.browser.newPage();
    const response = await anonymous.goto(`${suite.product.url}/api/admin/queues`);
    expect(response!.status()).toBe(401);
    await anonymous.close();
  }, 180_000);
});
