import type { Page } from 'playwright-core';
import { CHAT_AI_DISCLOSURE, type PublicArticle } from '@ai-mind/contracts';
import { eventually, openPage as openIn } from '../support/browser.js';
import { sql } from '../support/sql.mjs';
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

  /** The text of what the dialog's aria-describedby names: what a screen reader announces with it. */
  const description = async (page: Page, name: string) => {
    const id = await page.getByRole('dialog', { name }).getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`).textContent();
  };

  it('on the home page, says it is an AI before anything is sent, greets, and points a question to a matching article', async () => {
    const { page, visible } = await openPage(suite.product.url);
    await page.getByRole('button', { name: 'Chat with the AI Mind' }).click();
    await visible(page.getByRole('dialog', { name: 'Chat with the AI Mind' }));
    // Visible and announced from the moment the panel opens: before the greeting, before any message.
    await visible(page.getByText(CHAT_AI_DISCLOSURE));
    expect(await description(page, 'Chat with the AI Mind')).toBe(CHAT_AI_DISCLOSURE);
    await eventually(async () => (await aiBubbles(page)).length, 1);
    expect((await aiBubbles(page))[0]).toContain('an AI and not a person');
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

  it("on an article with kept sources, an answer carries the article's markers and its sources, with the links its page lists", async () => {
    const databaseUrl = /Database: (\S+)/.exec(suite.product.output())![1]!;
    const slug = 'data-centres-are-rewriting-the-power-grids-to-do-list';
    // The article as the workflow leaves one: an approved topic's frozen sources, its sentence cited [1].
    const [article] = await sql<{ id: number; title: string }>(databaseUrl, 'select id, title from article where slug = $1 and approved', [slug]);
    const [topic] = await sql<{ id: number }>(
      databaseUrl,
      `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values ('Data centres and the grid', 'Technology', 'blog_received', 'admin', now(), $1) returning id`,
      [article!.id],
    );
    await sql(
      databaseUrl,
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, text, content_hash) values
        ($1, 1, 'Grid Weekly', 'Grids cannot keep pace', 'Grids lag.', 'https://grid-weekly.example/timing', 'feed_only', 'Grids lag.', 'ab'),
        ($1, 2, 'Power Ledger', 'Who pays for new lines', 'Bills rise.', 'https://power-ledger.example/bills', 'feed_only', 'Bills rise.', 'cd')`,
      [topic!.id],
    );
    await sql(
      databaseUrl,
      `update article set content = replace(content, 'That timing mismatch is the core problem.', 'That timing mismatch is the core problem [1].') where id = $1`,
      [article!.id],
    );

    // The SQL edit reaches the API's cache by the database's notification: read until it has.
    const links = ['https://grid-weekly.example/timing', 'https://power-ledger.example/bills'];
    const apiLinks = async () => {
      const body = (await (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).json()) as PublicArticle;
      return body.provenance.sources?.map((source) => source.link) ?? [];
    };
    await eventually(apiLinks, links);
    const { page, visible } = await openPage(`${suite.product.url}/article/${slug}`);
    const pageLinks = await page.locator('[data-testid="article-source"] a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(pageLinks).toEqual(links);

    const title = `Discuss: ${article!.title.slice(0, 30)}`;
    await page.getByRole('button', { name: title }).click();
    await visible(page.getByRole('dialog', { name: title }));
    await eventually(async () => (await aiBubbles(page)).length, 1);
    const reply = await ask(page, 'What is the core problem with the timing mismatch?');
    expect(reply).toContain('That timing mismatch is the core problem [1].');
    const list = page.getByTestId('chat-answer-sources').last();
    await visible(list);
    expect(await list.locator('li').allTextContents()).toEqual(['Grid Weekly: Grids cannot keep pace']);
    expect(await list.getByRole('link', { name: 'Grids cannot keep pace' }).getAttribute('href')).toBe(pageLinks[0]);
    await page.close();
  });
});
