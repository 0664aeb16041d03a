import path from 'node:path';
import type { Page } from 'playwright-core';
import { approveFirstTopic, eventually, openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { schemaOrgProblems } from '../support/schema-org.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) => JSON.parse(script.textContent!) as Record<string, unknown>),
  );

/**
 * The journey of a grounded article: an editor approves a topic, reviews the draft's claims beside its
 * sources and publishes it; a reader (with and without JavaScript) reads its label, its sources, how
 * it was made and its JSON-LD; the editor corrects it in public, and the correction is on the page,
 * in the JSON-LD and on /corrections; a reader reports an error, which waits in the editors' queue.
 */
describe('an article that says how it was made, in Chromium', () => {
  const suite = useProduct('public-record');

  it('approves a topic, reviews the claims, publishes, then reads the label, sources, JSON-LD and a correction with JavaScript on and off', async () => {
    const admin = await openPage(suite.browser, `${suite.product.url}/admin`);
    const { page, visible } = admin;
    const dialogs = recordDialogs(page);
    const editor = suite.product.admin.username;
    await submitAdminLogin(admin, editor, suite.product.admin.password);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    // Approve a topic of the bundled feed snapshot; the worker writes its draft from the sources.
    const refresh = page.getByRole('button', { name: 'Refresh Topics' });
    await refresh.click();
    await eventually(async () => (await refresh.getAttribute('data-loading')) === null, true, 30_000);
    const { title } = await approveFirstTopic(admin);

    // Review: the draft's sources and each claim beside its passage, in the editor.
    await page.getByRole('tab', { name: 'Article Management' }).click();
    const card = page.getByTestId('admin-article').filter({ has: page.getByTestId('admin-article-title').getByText(title, { exact: true }) });
    await card.getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByTestId('provenance-sources'));
    const sourceCount = await page.getByTestId('provenance-source').count();
    expect(sourceCount).toBeGreaterThan(0);
    await visible(page.getByTestId('provenance-claims'));
    expect(await page.getByTestId('provenance-claim').count()).toBeGreaterThan(0);
    await visible(page.getByTestId('article-public-record'));
    await page.screenshot({ path: path.join(ARTIFACTS, 'public-record-review.png'), fullPage: true });
    // Publish: over open flags only by vouching for them.
    const vouchedPublish = page.getByRole('button', { name: /^Publish over \d+ open claim/ });
    if ((await vouchedPublish.count()) > 0) {
      await page.getByRole('checkbox', { name: 'I have read the flagged claims and vouch for them' }).check();
      await vouchedPublish.click();
    } else {
      await page.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Publish' }).click();
    }
    await eventually(() => dialogs.some((text) => /published/i.test(text)), true);
    const { id, slug } = await page.evaluate(async (wanted) => {
      const articles = (await (await fetch('/api/admin/articles?status=published', { credentials: 'include' })).json()) as {
        id: number;
        title: string;
        slug: string;
      }[];
      return articles.find((article) => article.title === wanted)!;
    }, title);

    // A reader with JavaScript: the label, the numbered sources, the markers, the panel and the JSON-LD.
    const reader = await openPage(suite.browser, `${suite.product.url}/article/${slug}`);
    const label = reader.page.getByTestId('article-label');
    await reader.visible(label);
    const labelPattern = new RegExp(
      `^Written by the AI Mind from ${sourceCount} sources?; reviewed and published by ${editor} on [A-Z][a-z]+ \\d{1,2}, \\d{4}\\.$`,
    );
    expect((await label.textContent())!.trim()).toMatch(labelPattern);
    const sources = reader.page.getByTestId('article-source');
    expect(await sources.count()).toBe(sourceCount);
    expect(await reader.page.locator('#source-1 a').first().getAttribute('href')).toMatch(/^https?:\/\//);
    const markers = reader.page.locator('[data-testid="article-content"] sup.source-ref a');
    if ((await markers.count()) > 0) {
      const target = (await markers.first().getAttribute('href'))!;
      expect(target).toMatch(/^#(source|claim)-\d+$/);
      expect(await reader.page.locator(target).count()).toBe(1);
    }
    const panel = reader.page.getByTestId('how-this-was-made');
    expect(await panel.getAttribute('open')).toBeNull();
    await panel.locator('summary').click();
    await reader.visible(panel.getByText('Reviewed and published by'));
    await reader.visible(panel.getByText('When each source was read'));
    const [article] = await jsonLdOf(reader.page);
    expect(schemaOrgProblems(article!)).toEqual([]);
    expect(article).toMatchObject({
      '@type': 'AnalysisNewsArticle',
      headline: title,
      editor: { '@type': 'Person', name: editor },
      digitalSourceType: expect.stringMatching(/^https:\/\/schema\.org\/(TrainedAlgorithmicMedia|CompositeWithTrainedAlgorithmicMedia)DigitalSource$/),
      backstory: expect.stringContaining(`written by the AI Mind from ${sourceCount} source`),
      publisher: expect.objectContaining({ '@type': 'NewsMediaOrganization', masthead: `${suite.product.url}/about/masthead` }),
    });
    expect((article!.isBasedOn as unknown[]).length).toBe(sourceCount);
    expect(article!.citation).toEqual(article!.isBasedOn);
    await reader.page.screenshot({ path: path.join(ARTIFACTS, 'public-record-article.png'), fullPage: true });

    // The editor corrects the article in public.
    await page.goto(`${suite.product.url}/admin/articles/${id}`, { waitUntil: 'networkidle' });
    const record = page.getByTestId('article-public-record');
    await visible(record);
    const correctionText = `The figure in the second paragraph was from last year (${Date.now()}).`;
    await record.getByRole('textbox', { name: 'What was wrong, and what is right' }).fill(correctionText);
    await record.getByRole('button', { name: 'Publish correction' }).click();
    await eventually(() => dialogs.some((text) => text.startsWith('Correction added')), true);

    // A reader without JavaScript: the correction on the page and in its JSON-LD, the panel opens, /corrections lists it.
    const noScript = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const plain = await noScript.newPage();
    await plain.goto(`${suite.product.url}/article/${slug}`);
    await plain.getByTestId('article-note').filter({ hasText: correctionText }).waitFor();
    expect((await plain.getByTestId('article-label').textContent())!.trim()).toMatch(labelPattern);
    expect(await plain.getByTestId('article-source').count()).toBe(sourceCount);
    await plain.getByTestId('how-this-was-made').locator('summary').click();
    await plain.getByTestId('how-this-was-made').getByText('Reviewed and published by').waitFor();
    const [corrected] = await jsonLdOf(plain);
    expect(schemaOrgProblems(corrected!)).toEqual([]);
    expect(corrected!.correction).toEqual([{ '@type': 'CorrectionComment', name: 'Correction', text: correctionText, datePublished: expect.any(String) }]);
    await plain.goto(`${suite.product.url}/corrections`);
    const entry = plain.getByTestId('correction-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(correctionText);
    expect(await entry.getByRole('link', { name: title }).getAttribute('href')).toMatch(new RegExp(`/article/${slug}#corrections$`));

    // The article's story (made when the topic was approved): the correction is its update, linked from the article, on its timeline.
    await plain.goto(`${suite.product.url}/article/${slug}`);
    const storyLink = plain.getByTestId('story-link').getByRole('link', { name: 'This story has 1 update' });
    await storyLink.waitFor();
    await storyLink.click();
    await plain.waitForURL(/\/story\/[a-z0-9-]+$/);
    await plain.getByTestId('story-page').waitFor();
    const correctionEntry = plain.getByTestId('story-entry').and(plain.locator('[data-kind="correction"]'));
    expect(await correctionEntry.textContent()).toContain(correctionText);
    expect(await plain.getByTestId('story-entry').and(plain.locator('[data-kind="published"]')).getByRole('link', { name: title }).count()).toBe(1);
    const [liveBlog] = await jsonLdOf(plain);
    expect(schemaOrgProblems(liveBlog!)).toEqual([]);
    expect(liveBlog).toMatchObject({
      '@type': 'LiveBlogPosting',
      liveBlogUpdate: [{ '@type': 'BlogPosting', articleBody: correctionText }, { '@type': 'BlogPosting' }],
    });
    await plain.screenshot({ path: path.join(ARTIFACTS, 'public-record-story.png'), fullPage: true });

    // Report an error without JavaScript: the browser's own post, back on the article with the thanks.
    await plain.goto(`${suite.product.url}/article/${slug}`);
    await plain.getByTestId('report-an-error').locator('summary').click();
    const form = plain.getByRole('form', { name: 'Report an error' });
    await form.getByRole('textbox', { name: 'What is wrong?' }).fill('The headline overstates the figure.');
    await form.getByRole('button', { name: 'Send report' }).click();
    await plain.getByText('Your report reached the editors.', { exact: false }).waitFor();
    expect(plain.url()).not.toContain('headline');
    await noScript.close();

    // And with JavaScript: the JSON call, answered in place.
    await reader.page.reload({ waitUntil: 'networkidle' });
    await reader.page.getByTestId('report-an-error').locator('summary').click();
    const jsForm = reader.page.getByRole('form', { name: 'Report an error' });
    await jsForm.getByRole('textbox', { name: 'What is wrong?' }).fill('The date of the vote is wrong.');
    await jsForm.getByRole('button', { name: 'Send report' }).click();
    await reader.visible(jsForm.getByText('Your report reached the editors.', { exact: false }));
    expect(reader.page.url()).not.toContain('posted=');
    await reader.visible(reader.page.getByTestId('article-note').filter({ hasText: correctionText }));
    await reader.page.close();

    // Both reports wait in the editors' queue, and beside the article's claims.
    await page.reload({ waitUntil: 'networkidle' });
    await visible(page.getByTestId('article-public-record'));
    await eventually(
      () =>
        page
          .getByTestId('error-report')
          .filter({ has: page.getByText('open', { exact: true }) })
          .count(),
      2,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'public-record-reports.png'), fullPage: true });
    await page.close();
  }, 240_000);
});
