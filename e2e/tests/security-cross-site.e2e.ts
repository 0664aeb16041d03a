import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordSecurity } from '../../scripts/lib/security-ledger.mjs';
import { sql } from '../support/sql.mjs';
import { useProduct } from '../support/suite.js';

/** A page of another site that posts a form to the product as soon as its visitor opens it. */
const autoSubmit = (action: string, fields: Record<string, string>) => `<!doctype html><html><body>
<form method="post" action="${action}">
${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
  .join('\n')}
</form>
<script>document.forms[0].submit()</script>
</body></html>`;

describe('a page on another site posting in its visitor’s name, in Chromium', () => {
  const suite = useProduct('security-cross-site');
  const marker = `crosssite${Date.now().toString(36)}`;
  let attacker: { server: http.Server; url: string };
  let databaseUrl: string;
  let articleId: number;

  beforeAll(async () => {
    databaseUrl = /Database: (postgres\S+)/.exec(suite.product.output())![1]!;
    const [article] = await sql<{ id: number }>(databaseUrl, 'select id from article where approved order by id limit 1');
    articleId = article!.id;
    const pages: Record<string, string> = {
      '/comment': autoSubmit(`${suite.product.url}/api/articles/${articleId}/comments`, { authorName: 'Victim', content: `Posted by another site ${marker}` }),
      '/contact': autoSubmit(`${suite.product.url}/api/contact`, {
        name: 'Victim',
        email: 'victim@example.com',
        subject: 'Hello',
        message: `Sent by another site ${marker}`,
      }),
      '/newsletter': autoSubmit(`${suite.product.url}/api/newsletter`, { email: `${marker}@example.com` }),
    };
    const server = http.createServer((request, response) => {
      const page = pages[request.url ?? ''];
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html' }).end(page ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // 127.0.0.1 against the product's localhost: another origin and another site.
    attacker = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(() => new Promise<void>((resolve) => attacker.server.close(() => resolve())));

  const written = async () => ({
    comments: (await sql(databaseUrl, 'select id from comment where content like $1', [`%${marker}`])).length,
    contact: (await sql(databaseUrl, 'select id from contact_submission where message like $1', [`%${marker}`])).length,
    newsletter: (await sql(databaseUrl, 'select id from newsletter_subscriber where email = $1', [`${marker}@example.com`])).length,
  });

  it('refuses the comment, contact message and newsletter sign-up the page submits, and stores none of them', async () => {
    const context = await suite.browser.newContext();
    const answers: Record<string, number> = {};
    for (const form of ['comment', 'contact', 'newsletter']) {
      const page = await context.newPage();
      const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().startsWith(suite.product.url));
      await page.goto(`${attacker.url}/${form}`);
      answers[form] = (await posted).status();
      await page.close();
    }
    await context.close();
    const stored = await written();
    recordSecurity('cross-site-browser', { attacksTried: 3, attacksSucceeded: Object.values(stored).filter((n) => n > 0).length });
    expect(answers).toEqual({ comment: 403, contact: 403, newsletter: 403 });
    expect(stored).toEqual({ comments: 0, contact: 0, newsletter: 0 });
  });

  it('still takes the same posts from the site’s own page', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.product.url}/robots.txt`);
    const statuses = await page.evaluate(
      async ({ articleId, marker }) => {
        const post = (url: string, body: Record<string, string>) =>
          fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) }).then(
            (r) => r.status,
          );
        return [
          await post(`/api/articles/${articleId}/comments`, { authorName: 'Reader', content: `Posted on the site ${marker}` }),
          await post('/api/contact', { name: 'Reader', email: 'reader@example.com', subject: 'Hello', message: `Sent on the site ${marker}` }),
          await post('/api/newsletter', { email: `${marker}@example.com` }),
        ];
      },
      { articleId, marker },
    );
    await page.close();
    expect(statuses).toEqual([201, 201, 201]);
    expect(await written()).toEqual({ comments: 1, contact: 1, newsletter: 1 });
  });
});
