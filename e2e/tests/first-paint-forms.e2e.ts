import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { eventually } from '../support/browser.js';
import { sql } from '../support/sql.mjs';
import { useProduct } from '../support/suite.js';

interface ListedArticle {
  id: number;
  slug: string;
  likes: number;
  shares: number;
}

const FALLBACK_IMAGE = '/media/og-default.svg';

/**
 * A mid-range phone as Lighthouse's mobile profile has it: 4x slower CPU, 1.6 Mbit/s down, 750 kbit/s
 * up, 150 ms round trip. On it a page is on screen seconds before its scripts own it.
 */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Whether React owns the element yet (its fiber is attached once the page hydrated). */
const hydrated = (locator: Locator) => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));

/** Every form of text a URL could carry what the reader typed in (as typed, form-encoded, percent-encoded). */
const spellings = (typed: string) => [typed, encodeURIComponent(typed), new URLSearchParams({ x: typed }).toString().slice(2)];

/** Every public form works from the first paint: typed and sent before the scripts arrive, or with none at all. */
describe('forms and controls from the first paint, on a phone and without JavaScript', () => {
  const suite = useProduct('first-paint-forms');
  const contexts: BrowserContext[] = [];
  let databaseUrl: string;

  beforeAll(() => {
    databaseUrl = /Database: (\S+)/.exec(suite.product.output())![1]!;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function articles(): Promise<ListedArticle[]> {
    return (await (await fetch(`${suite.product.url}/api/articles?approved=true&limit=50`)).json()) as ListedArticle[];
  }
  const counts = async (slug: string) => {
    const article = (await (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).json()) as ListedArticle;
    return { likes: article.likes, shares: article.shares };
  };

  /**
   * A fresh visitor (cookie choice made, so the banner stays away) on the phone profile, or with
   * JavaScript off; `urls` is every address the page navigated to or requested.
   */
  async function visitor(options: { javaScript: boolean; phone: boolean }): Promise<{ page: Page; urls: string[]; holdScripts: () => Promise<() => void> }> {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: options.javaScript });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
    const page = await context.newPage();
    if (options.phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    }
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    page.on('request', (request) => urls.push(request.url()));
    /**
     * Holds the page's scripts back until the returned function is called: the phone profile makes the
     * gap seconds long, this makes sure what the test does falls in it on every run.
     */
    const holdScripts = async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route(
        (url) => url.pathname.endsWith('.js'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      return release;
    };
    return { page, urls, holdScripts };
  }

  /** Opens `path` and returns as soon as `first` is painted: long before the scripts on the phone profile. */
  async function openAtFirstPaint(page: Page, pathname: string, first: (page: Page) => Locator): Promise<Locator> {
    await page.goto(`${suite.product.url}${pathname}`, { waitUntil: 'commit' });
    const control = first(page);
    await control.waitFor();
    return control;
  }

  function expectNothingTypedIn(urls: string[], typed: string[]) {
    const leaks = urls.filter((url) => typed.some((text) => spellings(text).some((spelling) => url.includes(spelling))));
    expect(leaks).toEqual([]);
  }

  const contactRows = async (subject: string) =>
    Number((await sql(databaseUrl, 'select count(*) from contact_submission where subject = $1', [subject]))[0].count);
  const commentRows = async (content: string) => Number((await sql(databaseUrl, 'select count(*) from comment where content = $1', [content]))[0].count);
  const subscriberRows = async (email: string) =>
    Number((await sql(databaseUrl, 'select count(*) from newsletter_subscriber where email = $1', [email]))[0].count);

  /** Nothing arrives later: no replay of the same submit once the page hydrates. */
  async function settled(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
  }

  describe('on a phone, typed and sent right after the first paint', () => {
    it('contact: the message arrives once, the thank-you is on the page, the URL never holds it', async () => {
      const { page, urls, holdScripts } = await visitor({ javaScript: true, phone: true });
      const releaseScripts = await holdScripts();
      const form = page.getByRole('form', { name: 'Contact form' });
      const name = await openAtFirstPaint(page, '/contact', () => form.getByRole('textbox', { name: 'Name' }));
      expect(await hydrated(name)).toBe(false);
      const typed = {
        name: 'Grace Hopper',
        email: 'grace.phone@example.com',
        subject: `Moth report ${Date.now()}`,
        message: 'Found a moth in paragraph three.',
      };
      await name.fill(typed.name);
      await form.getByRole('textbox', { name: 'Email' }).fill(typed.email);
      await form.getByRole('textbox', { name: 'Subject' }).fill(typed.subject);
      await form.getByRole('textbox', { name: 'Message' }).fill(typed.message);
      await form.getByRole('button', { name: 'Send Message' }).click();
      releaseScripts();

      await page.getByText('Thank you for your message! We will get back to you soon.').waitFor({ timeout: 30_000 });
      await settled(page);
      expect(await contactRows(typed.subject)).toBe(1);
      expectNothingTypedIn(urls, Object.values(typed));
    });

    it('comment: posted once, "Comment posted!" on the article, the URL never holds it', async () => {
      const [article] = await articles();
      const { page, urls, holdScripts } = await visitor({ javaScript: true, phone: true });
      const releaseScripts = await holdScripts();
      const form = page.getByRole('form', { name: 'Write a comment' });
      const name = await openAtFirstPaint(page, `/article/${article!.slug}`, () => form.getByRole('textbox', { name: 'Name' }));
      expect(await hydrated(name)).toBe(false);
      const content = `Typed before the scripts ${Date.now()}`;
      await name.fill('Ada on a phone');
      await form.getByRole('textbox', { name: 'Comment' }).fill(content);
      // Not disabled in the page the server sent: the browser posts it, the server checks it.
      await form.getByRole('button', { name: 'Post Comment' }).click();
      releaseScripts();

      await page.getByText('Your comment has been added and the AI will respond shortly.').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('comment').filter({ hasText: content }).waitFor();
      await settled(page);
      expect(await commentRows(content)).toBe(1);
      expectNothingTypedIn(urls, ['Ada on a phone', content]);
    });

    it('newsletter: subscribed once, the confirmation in the footer, the URL never holds the address', async () => {
      const { page, urls, holdScripts } = await visitor({ javaScript: true, phone: true });
      const releaseScripts = await holdScripts();
      const box = page.getByRole('form', { name: 'Newsletter' });
      const email = await openAtFirstPaint(page, '/about', () => box.getByRole('textbox', { name: 'Email address' }));
      expect(await hydrated(email)).toBe(false);
      const address = `phone-${Date.now()}@example.com`;
      await email.fill(address);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      releaseScripts();

      await page.getByText('Almost there: check your inbox for a link to confirm your subscription.').waitFor({ timeout: 30_000 });
      await settled(page);
      expect(await subscriberRows(address)).toBe(1);
      expectNothingTypedIn(urls, [address]);
    });

    it("follow a story: asked once, the story page's check-your-inbox line, the URL never holds the address", async () => {
      const [article] = await articles();
      const { story } = (await (await fetch(`${suite.product.url}/api/articles/${article!.id}/story`)).json()) as { story: { slug: string } };
      const storyPath = `/story/${story.slug}`;
      const { page, urls, holdScripts } = await visitor({ javaScript: true, phone: true });
      const releaseScripts = await holdScripts();
      const form = page.getByRole('form', { name: 'Follow this story' });
      const email = await openAtFirstPaint(page, storyPath, () => form.getByRole('textbox', { name: 'Email address' }));
      expect(await hydrated(email)).toBe(false);
      const address = `story-phone-${Date.now()}@example.com`;
      await email.fill(address);
      await form.getByRole('button', { name: 'Follow by email' }).click();
      releaseScripts();

      await page.getByText('Check your inbox: confirm with the link we sent to start receiving updates.').waitFor({ timeout: 30_000 });
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(storyPath);
      const followRows = await sql(databaseUrl, 'select count(*) from follow where email = $1', [address]);
      expect(Number(followRows[0].count)).toBe(1);
      expectNothingTypedIn(urls, [address]);
    });

    it('keeps a comment typed before hydration in its field after it, and the app posts it once', async () => {
      const [, article] = await articles();
      const { page, holdScripts } = await visitor({ javaScript: true, phone: true });
      const releaseScripts = await holdScripts();
      const form = page.getByRole('form', { name: 'Write a comment' });
      const name = await openAtFirstPaint(page, `/article/${article!.slug}`, () => form.getByRole('textbox', { name: 'Name' }));
      const content = `Still here after hydration ${Date.now()}`;
      await name.fill('Patient reader');
      await form.getByRole('textbox', { name: 'Comment' }).fill(content);
      expect(await hydrated(name)).toBe(false);
      releaseScripts();
      await eventually(() => hydrated(form.getByRole('button', { name: 'Post Comment' })), true, 60_000);

      expect(await name.inputValue()).toBe('Patient reader');
      expect(await form.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe(content);
      expect(await form.getByRole('button', { name: 'Post Comment' }).isEnabled()).toBe(true);
      await form.getByRole('button', { name: 'Post Comment' }).click();
      // The app's toast, and the field cleared: the JSON call, not a page load.
      await page.getByText('Comment posted!').first().waitFor({ timeout: 30_000 });
      await eventually(() => form.getByRole('textbox', { name: 'Comment' }).inputValue(), '');
      await settled(page);
      expect(await commentRows(content)).toBe(1);
    });

    it('counts a like and a share clicked before hydration exactly once each', async () => {
      const [, , article] = await articles();
      const before = await counts(article!.slug);
      const { page, holdScripts } = await visitor({ javaScript: true, phone: true });
      // Held on both loads: the browser would have the scripts of the first load at hand for the second.
      const releaseScripts = await holdScripts();
      const engagement = () => page.getByTestId('article-engagement').first();

      const like = await openAtFirstPaint(page, `/article/${article!.slug}`, () => engagement().getByRole('button', { name: 'Like' }));
      const liked = page.waitForResponse((response) => response.url().endsWith('/api/interactions/form'));
      await like.click();
      expect((await liked).status()).toBe(303);
      await page.waitForURL(`**/article/${article!.slug}`, { waitUntil: 'commit' });

      const share = engagement().getByRole('button', { name: 'Share' });
      await share.waitFor();
      expect(await hydrated(share)).toBe(false);
      await share.click();
      // Without the scripts' share sheet, the page comes back with the link to copy.
      const link = page.getByRole('textbox', { name: 'Copy this link to share the article' });
      await link.waitFor({ timeout: 30_000 });
      expect(await link.inputValue()).toBe(`${suite.product.url}/article/${article!.slug}`);

      releaseScripts();
      await eventually(() => hydrated(engagement()), true, 60_000);
      await settled(page);
      expect(await counts(article!.slug)).toEqual({ likes: before.likes + 1, shares: before.shares + 1 });
      // The link stays for the page that showed it; nothing is replayed by the app.
      expect(await link.inputValue()).toBe(`${suite.product.url}/article/${article!.slug}`);
    });
  });

  describe('with JavaScript off', () => {
    it('contact: a refused message keeps what was typed and shows the field error; corrected, it arrives once', async () => {
      const { page, urls } = await visitor({ javaScript: false, phone: false });
      await page.goto(`${suite.product.url}/contact`);
      const form = page.getByRole('form', { name: 'Contact form' });
      const typed = { name: 'No Script Reader', email: 'noscript@example.com', message: `Sent with JavaScript off ${Date.now()}` };
      await form.getByRole('textbox', { name: 'Name' }).fill(typed.name);
      await form.getByRole('textbox', { name: 'Email' }).fill(typed.email);
      // Blank after trimming: the browser lets it through, the server refuses it.
      await form.getByRole('textbox', { name: 'Subject' }).fill('   ');
      await form.getByRole('textbox', { name: 'Message' }).fill(typed.message);
      await form.getByRole('button', { name: 'Send Message' }).click();

      await page.getByText('Subject is required').waitFor();
      expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(typed.name);
      expect(await form.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(typed.email);
      expect(await form.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(typed.message);

      const subject = `Fixed subject ${Date.now()}`;
      await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Thank you for your message! We will get back to you soon.').waitFor();
      expect(await form.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
      expect(await contactRows(subject)).toBe(1);
      // Shown once: the page again has no thank-you.
      await page.reload();
      expect(await page.getByText('Thank you for your message!').count()).toBe(0);
      expect(await contactRows(subject)).toBe(1);
      expectNothingTypedIn(urls, [...Object.values(typed), subject]);
    });

    it("comment: a nameless comment gets the spec's messages and keeps its text; with a name it is posted once", async () => {
      const [, , , article] = await articles();
      const { page, urls } = await visitor({ javaScript: false, phone: false });
      await page.goto(`${suite.product.url}/article/${article!.slug}`);
      const form = page.getByRole('form', { name: 'Write a comment' });
      const content = `No scripts, just words ${Date.now()}`;
      await form.getByRole('textbox', { name: 'Comment' }).fill(content);
      await form.getByRole('button', { name: 'Post Comment' }).click();

      await page.getByText('Please fill in all fields').waitFor();
      await page.getByText('Both name and comment are required.').waitFor();
      expect(await form.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe(content);
      expect(await commentRows(content)).toBe(0);

      await form.getByRole('textbox', { name: 'Name' }).fill('Reader without scripts');
      await form.getByRole('button', { name: 'Post Comment' }).click();
      await page.getByText('Comment posted!').waitFor();
      await page.getByTestId('comment').filter({ hasText: content }).waitFor();
      expect(await commentRows(content)).toBe(1);
      expectNothingTypedIn(urls, [content, 'Reader without scripts']);
    });

    it('newsletter: a malformed address is refused with its error and kept; a good one subscribes once', async () => {
      const { page, urls } = await visitor({ javaScript: false, phone: false });
      await page.goto(`${suite.product.url}/privacy`);
      const box = page.getByRole('form', { name: 'Newsletter' });
      await box.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      expect(await box.getByRole('textbox', { name: 'Email address' }).inputValue()).toBe('not-an-address');

      const address = `noscript-${Date.now()}@example.com`;
      await box.getByRole('textbox', { name: 'Email address' }).fill(address);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Almost there: check your inbox for a link to confirm your subscription.').waitFor();
      expect(await subscriberRows(address)).toBe(1);
      expectNothingTypedIn(urls, ['not-an-address', address]);
    });
  });

  it('shows the fallback image on cards and the article when /media/articles/* answers 404 on a throttled phone', async () => {
    const listed = (await articles()).slice(0, 4);
    // Images the server has (so it renders them) but the browser cannot load (the route answers 404).
    const mediaDir = path.join(suite.dataDir, 'media');
    for (const { id } of listed) {
      const image = `/media/articles/${id}/vbroken-1200x630.webp`;
      for (const size of ['1200x630', '600x315']) {
        fs.mkdirSync(path.join(mediaDir, 'articles', String(id)), { recursive: true });
        fs.writeFileSync(path.join(mediaDir, 'articles', String(id), `vbroken-${size}.webp`), '');
      }
      await sql(databaseUrl, 'update article set image_url = $1 where id = $2', [image, id]);
    }
    const { page } = await visitor({ javaScript: true, phone: true });
    const broken: string[] = [];
    await page.context().route('**/media/articles/**', async (route) => {
      broken.push(new URL(route.request().url()).pathname);
      await route.fulfill({ status: 404, body: 'gone' });
    });
    // The sources of the article images (cards and the article page), as the page shows them now.
    const images = () =>
      page.locator('main article img').evaluateAll((found) => found.map((image) => image.getAttribute('src') ?? '').filter((src) => src.startsWith('/media/')));

    for (const pathname of ['/', `/article/${listed[0]!.slug}`]) {
      broken.length = 0;
      await page.goto(`${suite.product.url}${pathname}`, { waitUntil: 'load' });
      await eventually(() => hydrated(page.locator('header a[href="/"]')), true, 60_000);
      // Lazy images load as they come near the viewport: bring every one of them there.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.waitForLoadState('networkidle');
      expect(broken.length).toBeGreaterThan(0);
      // Not one broken image left: each of them shows the fallback (the other articles keep their covers).
      await eventually(async () => (await images()).filter((src) => src.startsWith('/media/articles/')), []);
      expect((await images()).filter((src) => src === FALLBACK_IMAGE).length).toBeGreaterThan(0);
    }
  });
});
