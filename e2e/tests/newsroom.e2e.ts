import path from 'node:path';
import type { Locator } from 'playwright-core';
import { eventually, openPage, recordDialogs, submitAdminLogin, type OpenedPage } from '../support/browser.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

const PASSWORD = 'a-newsroom-password-1';

describe('a newsroom in Chromium: invite, draft, review, schedule', () => {
  const suite = useProduct('newsroom');

  /** The owner invites someone on the People tab and answers the one-time link to send them. */
  async function invite({ page, visible }: OpenedPage, role: 'writer' | 'editor', username: string): Promise<string> {
    await page.getByRole('tab', { name: 'People' }).click();
    const form = page.getByRole('form', { name: 'Invite someone' });
    await visible(form);
    const name = `${role[0]!.toUpperCase()}${role.slice(1)} ${username}`;
    await form.locator('input[name="displayName"]').fill(name);
    await form.locator('input[name="username"]').fill(username);
    await form.locator('input[name="email"]').fill(`${username}@newsroom.example`);
    await form.locator('select').selectOption(role);
    await form.getByRole('button', { name: 'Invite' }).click();
    const sent = page.getByTestId('password-link').filter({ hasText: `Send this link to ${name}` });
    await visible(sent);
    return sent.getByRole('textbox', { name: 'Link to set the password' }).inputValue();
  }

  /** The invitee sets their password from the link, then signs in on the panel. */
  async function join(link: string, username: string): Promise<OpenedPage> {
    const opened = await openPage(suite.browser, link);
    const { page, visible } = opened;
    await visible(page.getByRole('heading', { name: 'Set your password' }));
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat it').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await visible(page.getByRole('heading', { name: 'Password set' }));
    await page.goto(`${suite.product.url}/admin`, { waitUntil: 'networkidle' });
    await submitAdminLogin(opened, username, PASSWORD);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    return opened;
  }

  /** The article's card in Article Management, the list loaded afresh. */
  async function card({ page, visible }: OpenedPage, title: string): Promise<Locator> {
    await page.goto(`${suite.product.url}/admin/articles`, { waitUntil: 'networkidle' });
    const found = page.getByTestId('admin-article').filter({ hasText: title });
    await visible(found);
    return found;
  }

  /**
   * Opens the card's review and takes a step, with a note, then waits until the card shows the stage it led
   * to, as the person taking it would before moving on: loading another page first would cancel the step's
   * request while it is still on its way.
   */
  async function step(opened: OpenedPage, title: string, name: string, stage: string, note?: string): Promise<void> {
    const found = await card(opened, title);
    await found.getByRole('button', { name: 'Review', exact: true }).click();
    const panel = found.getByTestId('review-panel');
    await opened.visible(panel);
    if (note) await panel.getByLabel('Note (kept in the history)').fill(note);
    await panel.getByRole('button', { name, exact: true }).click();
    await eventually(() => shownStage(found), stage);
  }

  /** The stage the card shows as it is, without loading the list again. */
  const shownStage = (found: Locator) => found.getByTestId('stage-badge').first().textContent();
  /** The stage the card shows in the list loaded afresh. */
  const stageOf = async (opened: OpenedPage, title: string) => shownStage(await card(opened, title));

  it('the owner invites a writer and an editor; the writer drafts and submits, the editor asks for changes, the writer revises, the editor schedules, and readers see it at its time', async () => {
    const owner = await openPage(suite.browser, `${suite.product.url}/admin`);
    recordDialogs(owner.page);
    await submitAdminLogin(owner, suite.product.admin.username, suite.product.admin.password);
    await owner.visible(owner.page.getByRole('heading', { name: 'Admin Dashboard' }));
    const writerLink = await invite(owner, 'writer', 'wren');
    const editorLink = await invite(owner, 'editor', 'eddie');

    const writer = await join(writerLink, 'wren');
    recordDialogs(writer.page);
    // A writer's panel: no People tab, no publishing.
    expect(await writer.page.getByRole('tab', { name: 'People' }).count()).toBe(0);
    const title = 'Grid batteries change the evening peak';
    await writer.page.getByRole('tab', { name: 'Article Management' }).click();
    await writer.page.getByRole('button', { name: 'New Draft' }).click();
    const newDraft = writer.page.getByRole('form', { name: 'New draft' });
    await newDraft.getByRole('textbox', { name: 'Title' }).fill(title);
    await newDraft.locator('select').selectOption('Technology');
    await newDraft.getByRole('button', { name: 'Create' }).click();
    await writer.visible(writer.page.getByTestId('blog-editor'));
    await writer.page.locator('.ProseMirror').click();
    await writer.page.keyboard.type('Utilities now shift solar power into the evening with batteries.');
    await writer.page.getByRole('button', { name: 'Save' }).click();
    await writer.visible(writer.page.getByTestId('admin-article').filter({ hasText: title }));
    expect(await (await card(writer, title)).getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    await step(writer, title, 'Submit for review', 'In review', 'First draft, ready for a look');
    await eventually(() => stageOf(writer, title), 'In review');

    const editor = await join(editorLink, 'eddie');
    recordDialogs(editor.page);
    await step(editor, title, 'Request changes', 'Changes requested', 'Name the grid operator and give its figures');
    await eventually(() => stageOf(editor, title), 'Changes requested');

    // The writer sees the request and its note in the history, revises, and submits again.
    await (await card(writer, title)).getByRole('button', { name: 'History', exact: true }).click();
    await writer.visible(writer.page.getByTestId('revision-note').filter({ hasText: 'Name the grid operator' }));
    await (await card(writer, title)).getByRole('button', { name: 'Edit', exact: true }).click();
    await writer.visible(writer.page.getByTestId('blog-editor'));
    await writer.page.locator('.ProseMirror').click();
    await writer.page.keyboard.press('End');
    await writer.page.keyboard.type(' The operator reports a 40% lower evening peak.');
    await writer.page.getByRole('button', { name: 'Save' }).click();
    await writer.visible(writer.page.getByTestId('admin-article').filter({ hasText: title }));
    await step(writer, title, 'Submit for review', 'In review', 'Figures added');
    await eventually(() => stageOf(writer, title), 'In review');

    await step(editor, title, 'Mark ready', 'Ready');
    await eventually(() => stageOf(editor, title), 'Ready');

    const slug = await editor.page.evaluate(async (wanted) => {
      const articles = (await (await fetch(`/api/admin/articles?search=${encodeURIComponent(wanted)}`, { credentials: 'include' })).json()) as {
        title: string;
        slug: string;
      }[];
      return articles.find((article) => article.title === wanted)!.slug;
    }, title);
    const readerStatus = async () => (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).status;

    // Scheduled for the next whole minute but one, picked in the browser's own time zone.
    const found = await card(editor, title);
    await found.getByRole('button', { name: 'Review', exact: true }).click();
    const picker = found.getByLabel(/^Publish at \(/);
    await editor.visible(picker);
    const at = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
    const local = await editor.page.evaluate((iso) => {
      const date = new Date(iso);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }, at.toISOString());
    await picker.fill(local);
    await found.getByRole('button', { name: 'Schedule', exact: true }).click();
    await eventually(() => shownStage(found), 'Scheduled');
    await eventually(() => stageOf(editor, title), 'Scheduled');
    await editor.visible((await card(editor, title)).getByRole('button', { name: 'Review', exact: true }));
    await (await card(editor, title)).getByRole('button', { name: 'Review', exact: true }).click();
    await editor.visible(editor.page.getByTestId('scheduled-at'));
    await editor.page.screenshot({ path: path.join(ARTIFACTS, 'newsroom-scheduled.png'), fullPage: true });

    // Not before its time; then published by the worker, and the public page shows it.
    expect(await readerStatus()).toBe(404);
    await eventually(readerStatus, 200, Math.max(0, at.getTime() - Date.now()) + 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const reader = await openPage(suite.browser, `${suite.product.url}/article/${slug}`);
    await reader.visible(reader.page.getByRole('heading', { name: title }));
    await reader.page.close();
    await eventually(() => stageOf(editor, title), 'Published');

    for (const opened of [owner, writer, editor]) await opened.page.close();
  }, 300_000);
});
