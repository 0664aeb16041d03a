import path from 'node:path';
import { eventually, openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

describe('article history in Chromium', () => {
  const suite = useProduct('history');

  it('edits an article, opens its History, compares two versions and restores the earlier one', async () => {
    const opened = await openPage(suite.browser, `${suite.product.url}/admin`);
    const { page, visible } = opened;
    const dialogs = recordDialogs(page);
    await submitAdminLogin(opened, suite.product.admin.username, suite.product.admin.password);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    await page.getByRole('tab', { name: 'Article Management' }).click();
    const card = page.getByTestId('admin-article').first();
    await visible(card);
    const original = (await card.getByTestId('admin-article-title').textContent())!.trim();
    const edited = `${original} (edited in the e2e test)`;

    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(edited);
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByTestId('admin-article-title').filter({ hasText: edited }));

    const editedCard = page.getByTestId('admin-article').filter({ hasText: edited });
    await editedCard.getByRole('button', { name: 'History' }).click();
    await visible(page.getByTestId('article-history'));
    const rows = page.getByTestId('revision');
    await visible(rows.nth(1));
    // Newest first: the edit, by the signed-in editor, which changed the title.
    await visible(rows.first().getByText(suite.product.admin.username, { exact: true }));
    await visible(rows.first().getByText('title'));

    // By default the newest version is compared with the one before it: the title's words differ.
    const comparison = page.getByTestId('revision-comparison');
    await visible(comparison);
    await visible(comparison.locator('[data-change="added"]').filter({ hasText: 'e2e' }).first());
    await page.screenshot({ path: path.join(ARTIFACTS, 'article-history.png'), fullPage: true });

    await rows.nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await eventually(() => dialogs.some((message) => message.startsWith('Restore the version of')), true);
    // The restore is the newest change now, and the article has its original title again.
    await visible(rows.first().getByText('Restored'));
    await eventually(
      async () =>
        page.evaluate(async (wanted) => {
          const articles = (await (await fetch('/api/admin/articles', { credentials: 'include' })).json()) as { title: string }[];
          return articles.some((article) => article.title === wanted);
        }, original),
      true,
    );
    await page.getByRole('button', { name: 'Back to articles' }).click();
    await visible(page.getByTestId('admin-article-title').filter({ hasText: original }).first());
    await page.close();
  }, 180_000);
});
