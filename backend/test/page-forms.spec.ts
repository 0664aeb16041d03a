import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CONTACT_SUCCESS_MESSAGE,
  COMMENT_MESSAGES,
  FORM_FLASH_PARAM,
  NEWSLETTER_SUCCESS_MESSAGE,
  PAGE_DATA_ELEMENT_ID,
  type PageData,
} from '@ai-mind/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { createApiApp } from '../src/app/create-api-app.js';
import { Article } from '../src/modules/articles/index.js';
import { Comment } from '../src/modules/comments/index.js';
import { CONTACT_LIMIT } from '../src/modules/contact/contact.controller.js';
import { ContactSubmission } from '../src/modules/contact/index.js';
import { NewsletterSubscriber } from '../src/modules/newsletter/index.js';
import { createArticle } from './support/article-factory.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { renderedText as text } from './support/rendered-page.js';

let nextIp = 1;
/** A fresh client address per test, so one test's rate limits never touch another's. */
const client = () => `10.26.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function pageData(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}

/** The text of the page's root element, as a reader sees it (tags gone, the few entities React writes decoded). */

/**
 * The public forms as a browser without JavaScript posts them (over a real socket, through the
 * prepared answers the pages are served from): each answers 303 back to the page it came from, on
 * this site, and that page shows the outcome once, for that request only.
 */
describe('public forms posted by the browser itself', () => {
  /** The site's configured origin: the links it writes name it, whatever address the test reaches it at. */
  const SITE = 'https://www.example.com';
  let app: NestFastifyApplication;
  let em: EntityManager;
  let origin: string;
  let mediaDir: string;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    mediaDir = path.join(process.env.TEST_DATA_DIR!, `media-${uniqueSuffix()}`);
    // Production answers: prepared pages and the client address from X-Forwarded-For (loopback is the proxy).
    app = await createApiApp(
      testConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, MEDIA_DIR: mediaDir, PUBLIC_URL: SITE }),
    );
    em = app.get(EntityManager);
    await app.listen(0, '127.0.0.1');
    origin = await app.getUrl();
    origin = origin.replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());

  /** A form post as a browser sends it from a page of this site (or of `from`). */
  function post(pathname: string, fields: Record<string, string>, ip: string, from: 'same-origin' | 'cross-site' = 'same-origin') {
    return fetch(`${origin}${pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': from, 'x-forwarded-for': ip },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows a 303 as the browser does: a GET of its Location on this site. */
  async function follow(response: Response): Promise<{ location: string; status: number; cacheControl: string | null; html: string }> {
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    // A path of this site: never another origin, never //host.
    expect(location).toMatch(/^\/(?!\/)/);
    const page = await fetch(new URL(location, origin));
    return { location, status: page.status, cacheControl: page.headers.get('cache-control'), html: await page.text() };
  }

  const getPage = async (pathname: string) => (await fetch(`${origin}${pathname}`)).text();

  describe('contact', () => {
    it('stores the message once and comes back to the page with the thank-you, shown once and kept by no cache', async () => {
      // The page is served from prepared bytes from the second request on.
      await getPage('/contact');
      expect(text(await getPage('/contact'))).not.toContain(CONTACT_SUCCESS_MESSAGE);
      const subject = `No-script hello ${uniqueSuffix()}`;
      const sent = await follow(
        await post(
          '/api/contact/form',
          { name: 'Grace', email: 'grace@example.com', subject, message: 'Typed before the scripts came.', website: '', back: '/contact' },
          client(),
        ),
      );

      expect(sent.location).toMatch(new RegExp(`^/contact\\?${FORM_FLASH_PARAM}=[A-Za-z0-9_-]{22}$`));
      expect(sent.status).toBe(200);
      expect(sent.cacheControl).toBe('private, no-store');
      expect(text(sent.html)).toContain(CONTACT_SUCCESS_MESSAGE);
      expect(pageData(sent.html)?.flash).toEqual({ form: 'contact', outcome: 'sent' });
      expect(await em.fork().count(ContactSubmission, { subject })).toBe(1);
      // Shown once: the same address again, and the page itself, show no outcome.
      expect(text(await getPage(sent.location))).not.toContain(CONTACT_SUCCESS_MESSAGE);
      expect(text(await getPage('/contact'))).not.toContain(CONTACT_SUCCESS_MESSAGE);
    });

    it('refuses a message with blank fields: the field errors and what was typed, nothing stored, nothing typed in the URL', async () => {
      const subject = `Half a message ${uniqueSuffix()}`;
      const refused = await follow(
        await post('/api/contact/form', { name: '   ', email: 'not-an-address', subject, message: 'Kept & <b>escaped</b>', back: '/contact' }, client()),
      );

      expect(refused.location).not.toContain('Half');
      expect(refused.location).not.toContain('not-an-address');
      expect(refused.cacheControl).toBe('private, no-store');
      const shown = text(refused.html);
      expect(shown).toContain('Name is required');
      expect(shown).toContain('Please enter a valid email address');
      expect(refused.html).toContain(`value="${subject}"`);
      expect(refused.html).toContain('value="not-an-address"');
      expect(refused.html).toContain('Kept &amp; &lt;b&gt;escaped&lt;/b&gt;</textarea>');
      expect(await em.fork().count(ContactSubmission, { subject })).toBe(0);
    });

    it('drops a message whose honeypot is filled, with the same thank-you', async () => {
      const subject = `Bot mail ${uniqueSuffix()}`;
      const page = await follow(
        await post(
          '/api/contact/form',
          { name: 'Bot', email: 'bot@example.com', subject, message: 'Buy now', website: 'http://spam.example', back: '/contact' },
          client(),
        ),
      );
      expect(text(page.html)).toContain(CONTACT_SUCCESS_MESSAGE);
      expect(await em.fork().count(ContactSubmission, { subject })).toBe(0);
    });

    it('shares the JSON call’s rate limit: over it, the page says when to try again and nothing more is stored', async () => {
      const ip = client();
      const subject = `Limited ${uniqueSuffix()}`;
      for (let i = 0; i < CONTACT_LIMIT.perWindow - 1; i++) {
        const json = await fetch(`${origin}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject, message: `Message ${i}` }),
        });
        expect(json.status).toBe(201);
      }
      const form = { name: 'Ada', email: 'ada@example.com', subject, message: 'One more', back: '/contact' };
      expect(text((await follow(await post('/api/contact/form', form, ip))).html)).toContain(CONTACT_SUCCESS_MESSAGE);
      const limited = await follow(await post('/api/contact/form', form, ip));
      expect(text(limited.html)).toMatch(/Too many requests\. Please try again in \d+ (seconds|minutes)\./);
      expect(limited.html).toContain('>One more</textarea>');
      expect(await em.fork().count(ContactSubmission, { subject })).toBe(CONTACT_LIMIT.perWindow);
    });

    it('refuses a post from another site (403) and stores nothing', async () => {
      const subject = `Forged ${uniqueSuffix()}`;
      const response = await post(
        '/api/contact/form',
        { name: 'Eve', email: 'eve@example.com', subject, message: 'Hi', back: '/contact' },
        client(),
        'cross-site',
      );
      expect(response.status).toBe(403);
      expect(await em.fork().count(ContactSubmission, { subject })).toBe(0);
    });

    it('comes back to this site only: a form naming any other place is a 400 naming `back`, and stores nothing', async () => {
      for (const back of ['//evil.example/contact', 'https://evil.example/', 'javascript:alert(1)', '/\u0001x']) {
        const subject = `Elsewhere ${uniqueSuffix()}`;
        const response = await post('/api/contact/form', { name: 'Ada', email: 'ada@example.com', subject, message: 'm', back }, client());
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(((await response.json()) as { details: { path: string }[] }).details.map((detail) => detail.path)).toEqual(['back']);
        expect(await em.fork().count(ContactSubmission, { subject })).toBe(0);
      }
    });
  });

  describe('comments', () => {
    it("posts a comment once and comes back to the article with 'Comment posted!' and the comment in the list", async () => {
      const article = await createArticle(em);
      const back = `/article/${article.slug}`;
      const content = `Posted without scripts ${uniqueSuffix()}`;
      const page = await follow(await post(`/api/articles/${article.id}/comments/form`, { authorName: 'Linus', content, back }, client()));

      expect(page.location.startsWith(`${back}?${FORM_FLASH_PARAM}=`)).toBe(true);
      expect(page.cacheControl).toBe('private, no-store');
      const shown = text(page.html);
      expect(shown).toContain(COMMENT_MESSAGES.posted.title);
      expect(shown).toContain(COMMENT_MESSAGES.posted.message);
      expect(shown).toContain(content);
      expect(await em.fork().count(Comment, { articleId: article.id, content })).toBe(1);
      expect(text(await getPage(page.location))).not.toContain(COMMENT_MESSAGES.posted.message);
    });

    it("refuses a comment without a name with the spec's messages, the comment kept in its field", async () => {
      const article = await createArticle(em);
      const content = `A comment with no name ${uniqueSuffix()}`;
      const page = await follow(
        await post(`/api/articles/${article.id}/comments/form`, { authorName: '  ', content, back: `/article/${article.slug}` }, client()),
      );
      const shown = text(page.html);
      expect(shown).toContain(COMMENT_MESSAGES.incompleteTitle);
      expect(shown).toContain(COMMENT_MESSAGES.incomplete);
      expect(page.html).toContain(`${content}</textarea>`);
      expect(await em.fork().count(Comment, { articleId: article.id })).toBe(0);
    });

    it('screens spam as the JSON call does: the reason is shown and nothing is stored', async () => {
      const article = await createArticle(em);
      const content = 'Cheap pills http://a.example http://b.example http://c.example http://d.example';
      const page = await follow(
        await post(`/api/articles/${article.id}/comments/form`, { authorName: 'Spammer', content, back: `/article/${article.slug}` }, client()),
      );
      expect(text(page.html)).toContain('This comment looks like spam: please keep it to at most two links.');
      expect(pageData(page.html)?.flash).toMatchObject({
        form: 'comment',
        articleId: article.id,
        outcome: 'refused',
        values: { authorName: 'Spammer', content },
      });
      expect(await em.fork().count(Comment, { articleId: article.id })).toBe(0);
    });
  });

  describe('newsletter and share', () => {
    it('subscribes an address once and refuses a malformed one with its error, the address kept', async () => {
      const email = `reader-${uniqueSuffix()}@example.com`;
      const sent = await follow(await post('/api/newsletter/form', { email, back: '/about' }, client()));
      expect(sent.location.startsWith(`/about?${FORM_FLASH_PARAM}=`)).toBe(true);
      expect(text(sent.html)).toContain(NEWSLETTER_SUCCESS_MESSAGE);
      expect(await em.fork().count(NewsletterSubscriber, { email })).toBe(1);

      const refused = await follow(await post('/api/newsletter/form', { email: 'no-at-sign', back: '/about' }, client()));
      expect(text(refused.html)).toContain('Please enter a valid email address');
      expect(refused.html).toContain('value="no-at-sign"');
    });

    it("counts a share once and comes back with the article's link to copy", async () => {
      const article = await createArticle(em);
      const page = await follow(
        await post('/api/interactions/form', { articleId: String(article.id), type: 'share', back: `/article/${article.slug}` }, client()),
      );
      expect(page.html).toContain(`value="${SITE}/article/${article.slug}"`);
      expect(text(page.html)).toContain('Copy this link to share the article');
      expect((await em.fork().findOneOrFail(Article, article.id)).shares).toBe(1);
    });
  });

  describe('images the server knows are missing', () => {
    it('renders the fallback for a local article image that is not there, and the image itself when it is', async () => {
      const missing = await createArticle(em, { imageUrl: `/media/articles/9999/vmissing-1200x630.webp` });
      const present = await createArticle(em, { imageUrl: `/media/articles/9998/vpresent-1200x630.webp` });
      fs.mkdirSync(path.join(mediaDir, 'articles/9998'), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, 'articles/9998/vpresent-1200x630.webp'), 'not really an image');

      const missingPage = await getPage(`/article/${missing.slug}`);
      expect(missingPage).not.toContain('src="/media/articles/9999/');
      expect(missingPage).toContain('src="/media/og-default.svg"');
      expect(pageData(missingPage)?.missingImages).toEqual(['/media/articles/9999/vmissing-1200x630.webp']);

      const presentPage = await getPage(`/article/${present.slug}`);
      expect(presentPage).toContain('src="/media/articles/9998/vpresent-1200x630.webp"');
      expect(pageData(presentPage)?.missingImages).toBeUndefined();
    });
  });
});
