import fs from 'node:fs';
import { EVIDENCE_CSV_COLUMNS } from '@ai-mind/contracts';
import { openPage, submitAdminLogin } from '../support/browser.js';
import { useProduct } from '../support/suite.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the evidence export in Chromium', () => {
  const suite = useProduct('evidence');

  it("downloads an article's evidence from its page and a period's from the Audit tab, refusing a period too long beside its field", async () => {
    const opened = await openPage(suite.browser, `${suite.product.url}/admin`);
    const { page, visible } = opened;
    await submitAdminLogin(opened, suite.product.admin.username, suite.product.admin.password);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    // The article page: its record as CSV, a download the browser makes with the owner's session.
    await page.getByRole('tab', { name: 'Article Management' }).click();
    const card = page.getByTestId('admin-article').first();
    await visible(card);
    await card.getByRole('button', { name: 'Edit' }).click();
    const control = page.getByTestId('article-evidence-export');
    await visible(control);
    const [articleDownload] = await Promise.all([page.waitForEvent('download'), control.getByRole('link', { name: 'Export evidence (CSV)' }).click()]);
    expect(articleDownload.suggestedFilename()).toMatch(/^evidence-article-\d+\.csv$/);
    const csv = fs.readFileSync((await articleDownload.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(EVIDENCE_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(lines.some((line) => line.includes('"step"'))).toBe(true);

    // The Audit tab's period export: a period over the limit is refused next to its field, before any download.
    await page.getByRole('tab', { name: 'Audit' }).click();
    const form = page.getByRole('form', { name: 'Evidence export' });
    await visible(form);
    await form.getByLabel('Published from').fill('2000-01-01');
    await form.getByLabel('to (included)').fill(day(0));
    await form.getByRole('button', { name: 'Download' }).click();
    await visible(form.getByText('must be at most 366 days after from'));

    await form.getByLabel('Published from').fill(day(-30));
    await form.getByLabel('Format').selectOption('json');
    const [periodDownload] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download' }).click()]);
    expect(periodDownload.suggestedFilename()).toBe(`evidence-${day(-30)}-to-${day(0)}.json`);
    const document = JSON.parse(fs.readFileSync((await periodDownload.path())!, 'utf8')) as { articles: { article: { id: number } }[] };
    // The demo content was published when the product started.
    expect(document.articles.length).toBeGreaterThan(0);
    await page.close();
  }, 180_000);
});
