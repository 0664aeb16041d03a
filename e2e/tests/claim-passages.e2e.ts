import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { eventually, openPage, submitAdminLogin, waitForHydration } from '../support/browser.js';
import { CLAIM_ARTICLE, seedClaimArticle } from '../support/claim-data.js';
import { sql } from '../support/sql.mjs';
import { ARTIFACTS, useProduct } from '../support/suite.js';

const NOTE = 'The resignation was confirmed by the ministry by phone.';

/** Whether `locator`'s element has the page's focus. */
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Every claim opened at its source, in Chromium: a reader reaches the passage behind a sentence's
 * marker by keyboard (Enter or Space opens it in place, Escape closes it, focus goes back to the
 * marker) and, without JavaScript, by the marker's link to the sentence's note at the end of the
 * article and back; reports that sentence as wrong with the browser's own form; the editors' queue
 * shows the sentence beside its passage.
 */
describe('claims opened at their sources, in Chromium', () => {
  const suite = useProduct('claim-passages', { SEED_DEMO: 'false', TRENDING_REFRESH_MINUTES: '0' });
  let databaseUrl: string;
  let article: { id: number; slug: string };
  let claimIds: number[];

  beforeAll(async () => {
    databaseUrl = /Database: (\S+)/.exec(suite.product.output())![1]!;
    article = await seedClaimArticle(databaseUrl, {
      title: 'Housing Starts Fall to a Three-Year Low',
      slug: 'housing-starts-fall',
      createdAt: new Date().toISOString(),
      note: NOTE,
    });
    claimIds = (await sql<{ id: number }>(databaseUrl, 'select id from article_claim where article_id = $1 order by position', [article.id])).map(
      (row) => row.id,
    );
  });

  const url = () => `${suite.product.url}/article/${article.slug}`;

  it("opens a sentence's passage in place by keyboard, and closes it back onto its marker", async () => {
    const { page, visible } = await openPage(suite.browser, url());
    await waitForHydration(page);
    const firstMarker = page.locator(`a.claim-ref[data-claim="${claimIds[0]}"]`);
    // The server's markers are plain links until the popover's effect says what they open. The root's first
    // commit marks the page hydrated; the article hydrates in its own Suspense boundary (app/PublicApp.tsx), a
    // later commit, and only then does that effect run (on a busy machine, a moment later).
    await eventually(() => firstMarker.getAttribute('aria-haspopup'), 'dialog');

    // Tab through the page to the first marker, as a keyboard reader does.
    for (let presses = 0; presses < 60 && !(await focused(firstMarker)); presses += 1) await page.keyboard.press('Tab');
    expect(await focused(firstMarker)).toBe(true);

    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'What supports this sentence' });
    await visible(popover);
    await eventually(() => popover.evaluate((element) => element === document.activeElement), true);
    expect(await popover.textContent()).toContain(`“${CLAIM_ARTICLE.supported[0].passage}”`);
    expect(await popover.textContent()).toContain('Source 1, Markets Desk');
    expect(await popover.getByRole('link', { name: 'Housing starts fall to a three-year low' }).getAttribute('href')).toBe(
      'https://markets.example/housing-starts',
    );
    expect(await firstMarker.getAttribute('aria-expanded')).toBe('true');
    expect(page.url()).not.toContain('#');
    await page.screenshot({ path: path.join(ARTIFACTS, 'claim-passage-open.png') });

    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await focused(firstMarker)).toBe(true);
    expect(await firstMarker.getAttribute('aria-expanded')).toBe('false');

    // Space opens it too; tabbing past its last control closes it onto the marker again.
    await page.keyboard.press('Space');
    await visible(popover);
    await eventually(() => popover.evaluate((element) => element === document.activeElement), true);
    for (let presses = 0; presses < 6 && (await popover.count()) > 0; presses += 1) await page.keyboard.press('Tab');
    expect(await popover.count()).toBe(0);
    expect(await focused(firstMarker)).toBe(true);

    // The sentence an editor published over a flag: marked, its passage's place says so with their note.
    const overridden = page.locator(`a.claim-ref[data-claim="${claimIds[2]}"]`);
    expect(await overridden.getAttribute('aria-label')).toContain('published over a flag');
    await overridden.click();
    await visible(popover);
    const said = await popover.textContent();
    expect(said).toContain('No passage of the sources supports this sentence.');
    expect(said).toContain('Published over a flag');
    expect(said).toContain(`Their note: “${NOTE}”`);
    // A click elsewhere closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await popover.waitFor({ state: 'detached' });
    await page.close();
  });

  it('reaches the passage without JavaScript through the footnote anchor and back, and reports the sentence with the browser’s own form', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page: Page = await context.newPage();
    await page.goto(url());
    const marker = page.locator(`a.claim-ref[data-claim="${claimIds[1]}"]`).first();
    expect(await marker.getAttribute('href')).toBe(`#claim-${claimIds[1]}`);

    // By keyboard too: the marker is a plain link, Enter follows it.
    await marker.focus();
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).hash, `#claim-${claimIds[1]}`);
    const note = page.locator(`#claim-${claimIds[1]}`);
    expect(await note.evaluate((element) => element.matches(':target'))).toBe(true);
    expect(await note.textContent()).toContain(`“${CLAIM_ARTICLE.supported[1].passage}”`);
    expect(await note.textContent()).toContain('Source 2, The Daily Ledger');
    expect(await note.isVisible()).toBe(true);
    const back = note.getByRole('link', { name: 'Back to the sentence' });
    await back.click();
    await eventually(() => new URL(page.url()).hash, `#claim-ref-${claimIds[1]}`);

    // The overridden sentence's note says so, with the editor's note.
    const plantedNote = page.locator(`#claim-${claimIds[2]}`);
    expect(await plantedNote.textContent()).toContain(`Their note: “${NOTE}”`);

    // Report the sentence: the form in its note, posted by the browser, answered in that note.
    await note.locator('summary').click();
    const form = note.getByRole('form', { name: 'Report this sentence as wrong' });
    await form.getByRole('textbox', { name: 'What is wrong with it?' }).fill('The Ledger wrote that most builders stayed away.');
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.locator(`#claim-${claimIds[1]}`).getByText('Your report reached the editors.', { exact: false }).waitFor();
    const rows = await sql<{ claim_id: number; claim_sentence: string }>(
      databaseUrl,
      'select claim_id, claim_sentence from error_report where article_id = $1',
      [article.id],
    );
    expect(rows).toEqual([{ claim_id: claimIds[1], claim_sentence: CLAIM_ARTICLE.supported[1].sentence }]);
    await context.close();
  });

  it("shows the editors a report's sentence beside its passage in their queue", async () => {
    const admin = await openPage(suite.browser, `${suite.product.url}/admin`);
    await submitAdminLogin(admin, suite.product.admin.username, suite.product.admin.password);
    await admin.visible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await admin.page.getByRole('tab', { name: 'Article Management' }).click();
    const queue = admin.page.getByTestId('error-report-queue');
    await admin.visible(queue);
    await queue.locator('summary').click();
    const claim = queue.getByTestId('error-report-claim').first();
    await admin.visible(claim);
    expect(await claim.getByTestId('error-report-claim-sentence').textContent()).toBe(CLAIM_ARTICLE.supported[1].sentence);
    expect(await claim.getByTestId('error-report-claim-passage').textContent()).toBe(`“${CLAIM_ARTICLE.supported[1].passage}”`);
    expect(await claim.textContent()).toContain('source 2 (The Daily Ledger)');
    await admin.page.close();
  });
});
