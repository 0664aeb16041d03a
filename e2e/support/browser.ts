import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

/**
 * Chromium's headless shell (scripts/lib/chromium.mjs). It has no notification service, so its
 * `Notification.permission` is always 'denied' (a grant changes only `navigator.permissions`), where a
 * reader's browser that was never asked says 'default'. Every context, `browser.newPage()`'s included,
 * reads 'default' instead, so the site offers "Notify me on this device" as it does on a first visit;
 * nothing here subscribes (the push service is tested in the backend's tier, against a stand-in).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      if ('Notification' in window && Notification.permission === 'denied') Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
    return context;
  };
  return browser;
}

export interface OpenedPage {
  page: Page;
  /** Paths the page requested. */
  requests: string[];
  /** Waits for the locator; on timeout the error says what the page reported (errors, failed requests). */
  visible: (locator: Locator) => Promise<void>;
}

/** Opens a page, recording the paths it requests and anything that went wrong in it. */
export async function openPage(browser: Browser, url: string, viewport = { width: 1280, height: 900 }): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  const visible = async (locator: Locator) => {
    try {
      await locator.waitFor();
    } catch (error) {
      throw new Error(`${(error as Error).message}\nWhat the page reported:\n${problems.join('\n') || '(nothing)'}\nRequests: ${requests.join(' ')}`, {
        cause: error,
      });
    }
  };
  return { page, requests, visible };
}

/**
 * Waits until the public site's root has hydrated (it marks `<html data-hydrated="true">` on its first commit).
 * Before that, controls are the server's plain HTML: a form's button is enabled until the app disables it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Polls until `read` gives `expected` (compared as JSON), then returns; fails after the timeout. */
export async function eventually<T>(read: () => T | Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** Accepts every dialog (the spec's alerts and confirms), keeping its text. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** Fills and submits the admin panel's login card (the page must be showing it). */
export async function submitAdminLogin({ page, visible }: OpenedPage, username: string, password: string): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Admin Login' }));
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Approves the first trending topic on the panel's Trending Topics tab and waits, on Blog Workflow, for
 * the worker's blog (Refresh Data refetches the panel's lists). Gives the topic, the blog's title and
 * its workflow card.
 */
export async function approveFirstTopic({ page, visible }: OpenedPage, timeoutMs = 60_000): Promise<{ topic: string; title: string; workflowCard: Locator }> {
  const topicCard = page.getByTestId('trending-topic').first();
  await visible(topicCard);
  const topic = (await topicCard.locator('p').first().textContent())!.trim();
  await topicCard.getByRole('button', { name: 'Approve' }).click();
  // An approved topic leaves the list.
  await eventually(async () => page.getByTestId('trending-topic').filter({ hasText: topic }).count(), 0);
  await page.getByRole('tab', { name: 'Blog Workflow' }).click();
  const workflowCard = page.locator('.mantine-Card-root').filter({ hasText: topic });
  await eventually(
    async () => {
      if ((await workflowCard.getByText('blog received').count()) === 0) {
        await page.getByRole('button', { name: 'Refresh Data' }).click();
        await page.waitForTimeout(1000);
      }
      return workflowCard.getByText('blog received').count();
    },
    1,
    timeoutMs,
  );
  const title = (await workflowCard.getByRole('heading').textContent())!.trim();
  // The worker delivers a draft in two writes: its text, then its image (/media/articles/...), which moves
  // the article's version on. An editor who acts on the draft in between is told someone changed it
  // meanwhile, as they should be; what the tests do with the draft comes after both.
  await eventually(
    () =>
      page.evaluate(async (wanted) => {
        const found = (await (await fetch(`/api/admin/articles?search=${encodeURIComponent(wanted)}`, { credentials: 'include' })).json()) as {
          title: string;
          imageUrl: string | null;
        }[];
        return found.some((article) => article.title === wanted && Boolean(article.imageUrl?.startsWith('/media/articles/')));
      }, title),
    true,
    timeoutMs,
  );
  return { topic, title, workflowCard };
}
