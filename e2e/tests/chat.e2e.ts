import type { Page } from 'playwright-core';
import { eventually, openPage as openIn } from '../support/browser.js';
import { useProduct } from '../support/suite.js';

interface ArticleSummary {
  title: string;
  slug: string;
}

/** The AI persona in Chromium, answered by the embedded offline engine from the demo articles. */
describe('chat with the AI Mind', () => {
  const suite = useProduct('chat');
  const openPage = (url: string) => openIn(suite.browser, url);

  const aiBubbles = (page: Page) => page.locator('[data-sender="ai"]').allTextContents();

  async function ask(page: Page, question: string) {
    const before = (await aiBubbles(page)).length;
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.keyboard.press('Enter');
    await eventually(async () => (await aiBubbles(page)).length, before + 1);
    return (await aiBubbles(page)).at(-1)!;
  }

  it('on the home page, greets and points a question to a matching article', async () => {
    const { page, visible } = await openPage(suite.product.url);
    await page.getByRole('button', { name: 'Chat with the AI Mind' }).click();
    await visible(page.getByRole('dialog', { name: 'Chat with the AI Mind' }));
    await eventually(async () => (await aiBubbles(page)).length, 1);
    const reply = await ask(page, 'Is anything written about streaming subscriptions?');
    expect(reply).toContain('Streaming Fatigue');
    await page.close();
  });

  it('on an article page, discusses the article and summarises the discussion', async () => {
    const [article] = (await (await fetch(`${suite.product.url}/api/articles?approved=true&search=streaming`)).json()) as ArticleSummary[];
    const { page, visible } = await openPage(`${suite.product.url}/article/${article!.slug}`);
    const title = `Discuss: ${article!.title.slice(0, 30)}`;
    await page.getByRole('button', { name: title }).click();
    await visible(page.getByRole('dialog', { name: title }));
    await eventually(async () => (await aiBubbles(page)).length, 1);
    expect(await page.getByRole('button', { name: 'Summarize Our Discussion' }).count()).toBe(0);

    const first = await ask(page, 'Why did prices for streaming rise?');
    expect(first).toMatch(/"[^"]+"/);
    await ask(page, 'What about advertising tiers?');
    await page.getByRole('button', { name: 'Summarize Our Discussion' }).click();
    await eventually(async () => /^Our discussion of ".+" in brief/.test((await aiBubbles(page)).at(-1) ?? ''), true);
    await page.close();
  });
});
