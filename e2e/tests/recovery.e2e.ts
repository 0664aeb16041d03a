import fs from 'node:fs';
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

    // A draft deleted on purpose: the backup taken before the deletion holds it, and no recovery brings it back.
    const draft = page
      .getByTestId('admin-article')
      .filter({ has: page.getByText('Draft', { exact: true }) })
      .first();
    const declined = (await draft.getByTestId('admin-article-title').textContent())!.trim();
    await draft.getByRole('button', { name: /Decline/ }).click();
    expect(await nextDialog(dialogs, 2)).toBe('Are you sure you want to delete this article permanently?');
    expect(await nextDialog(dialogs, 3)).toBe('Article deleted successfully!');
    // That backup is the product's own, in its data folder: another instance's backups (an earlier run,
    // another test's product) are not this site's articles, and Deep Recovery reads every backup it finds.
    expect(fs.readdirSync(path.join(suite.dataDir, 'backups')).filter((name) => name.endsWith('.json.gz')).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Quick Recovery' }).click();
    expect(await nextDialog(dialogs, 4)).toBe('Quick recovery finished. No missing articles found.');
    await page.getByRole('button', { name: 'Deep Recovery' }).click();
    expect(await nextDialog(dialogs, 5)).toMatch(/^Deep recovery finished: \d+ articles found in \d+ backups, 0 restored\. Now \d+ articles, \d+ published\.$/);
    await page.getByRole('button', { name: 'Recreate Articles' }).click();
    expect(await nextDialog(dialogs, 6)).toMatch(/^Recreated 0 articles\. Now \d+ articles, \d+ published\.$/);
    const titles = await page.evaluate(async () =>
      ((await (await fetch('/api/admin/articles', { credentials: 'include' })).json()) as { title: string }[]).map((article) => article.title),
    );
    expect(titles).not.toContain(declined);
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
