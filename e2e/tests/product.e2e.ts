import fs from 'node:fs';
import path from 'node:path';
import { openPage as openIn } from '../support/browser.js';
import { startProduct } from '../support/product.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

interface ArticleSummary {
  title: string;
  slug: string;
}

describe('the product, started as the README starts it', () => {
  const suite = useProduct('product');
  const openPage = (url: string) => openIn(suite.browser, url);

  async function publishedArticles(): Promise<ArticleSummary[]> {
    return (await fetch(`${suite.product.url}/api/articles?approved=true`)).json() as Promise<ArticleSummary[]>;
  }

  it('prints the site URL on the configured port and reports healthy', async () => {
    expect(suite.product.url).toBe(`http://localhost:${suite.port}`);
    expect(suite.product.output()).toMatch(/Database: postgresql:\/\/\S+/);
    const health = await (await fetch(`${suite.product.url}/api/health`)).json();
    expect(health.status).toBe('ok');
  });

  it('home page lists the seeded articles through the shell, without admin code', async () => {
    const articles = await publishedArticles();
    expect(articles.length).toBeGreaterThanOrEqual(12);

    const { page, requests, visible } = await openPage(suite.product.url);
    await visible(page.getByRole('link', { name: articles[0]!.title }));
    await page.screenshot({ path: path.join(ARTIFACTS, 'home.png') });

    expect(await page.locator('article').count()).toBe(articles.length);
    for (const article of articles.slice(0, 5)) {
      expect(await page.getByRole('link', { name: article.title }).count()).toBe(1);
    }
    expect(requests.some((p) => p.startsWith('/remotes/public/'))).toBe(true);
    expect(requests.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
    await page.close();
  });

  it('a deep link to /article/<slug> renders that article', async () => {
    const [article] = (await publishedArticles()).slice(-1);
    const { page, visible } = await openPage(`${suite.product.url}/article/${article!.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: article!.title }));
    expect(await page.getByText('Back to Articles').count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'article.png'), fullPage: false });
    await page.close();
  });

  it('/admin shows the login card from the lazily loaded admin app', async () => {
    const { page, requests, visible } = await openPage(`${suite.product.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    expect(await page.getByRole('textbox', { name: 'Username' }).count()).toBe(1);
    expect(await page.locator('input[type="password"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(1);
    expect(requests.some((p) => p.startsWith('/remotes/admin/'))).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin.png') });
    await page.close();
  });

  it('an unknown path shows the 404 page', async () => {
    const { page, visible } = await openPage(`${suite.product.url}/no/such/page`);
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await page.close();
  });

  it('Ctrl-C stops everything cleanly and the next start reuses the data', async () => {
    const before = await publishedArticles();
    await suite.product.stop();
    expect(suite.product.output()).toContain('[ai-mind] Stopped.');
    // A clean PostgreSQL shutdown removes its pid file; nothing answers on the site's port any more.
    expect(fs.existsSync(path.join(suite.dataDir, 'postgres/postmaster.pid'))).toBe(false);
    await expect(fetch(`${suite.product.url}/api/health`)).rejects.toThrow();

    await suite.restart();
    const after = await publishedArticles();
    expect(after.map((a) => a.slug)).toEqual(before.map((a) => a.slug));
    expect(suite.product.output()).toContain('Demo content already present.');
  }, 300_000);

  it('a PostgreSQL that cannot start stops the start with its own words', async () => {
    await suite.product.stop();
    // PostgreSQL refuses a data folder others may read: a folder copied or restored with the wrong mode.
    const cluster = path.join(suite.dataDir, 'postgres');
    fs.chmodSync(cluster, 0o755);
    try {
      const failed = await startProduct(suite.dataDir, suite.port).then(
        (started) => started.stop().then(() => null),
        (error: Error) => error.message,
      );
      expect(failed).toContain(`[ai-mind] PostgreSQL did not start on ${cluster}:`);
      expect(failed).toContain('has invalid permissions');
    } finally {
      fs.chmodSync(cluster, 0o700);
    }
  }, 300_000);
});
