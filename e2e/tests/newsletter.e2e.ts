import { eventually, openPage as openIn, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { useProduct } from '../support/suite.js';

interface CaughtMail {
  id: number;
  subject: string;
  text: string | null;
  headers: Record<string, string>;
}

/**
 * A reader's whole journey with the newsletter, against the product as `npm start` runs it with its
 * local mail catcher: sign up in the footer, open the confirmation in the catcher's inbox, confirm,
 * an editor publishes an article and sends the digest, the reader receives it and leaves with one click.
 */
describe('the newsletter, from the footer to the inbox and out again', () => {
  const suite = useProduct('newsletter');
  const openPage = (url: string) => openIn(suite.browser, url);

  async function mailsTo(address: string): Promise<CaughtMail[]> {
    return (await (await fetch(`${suite.product.mailInbox}/api/messages?to=${encodeURIComponent(address)}`)).json()) as CaughtMail[];
  }

  async function waitForMail(address: string, count: number): Promise<CaughtMail[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const mails = await mailsTo(address);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`${address} received ${mails.length} of ${count} emails`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('subscribes, confirms from the email, receives the digest of a newly published article and unsubscribes with one click', async () => {
    expect(suite.product.mailInbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const address = `journey-${Date.now()}@example.com`;

    // Sign up in the footer.
    const site = await openPage(`${suite.product.url}/about`);
    const box = site.page.getByRole('form', { name: 'Newsletter' });
    await box.getByRole('textbox', { name: 'Email address' }).fill(address);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await site.visible(site.page.getByText('Almost there: check your inbox for a link to confirm your subscription.'));

    // The confirmation, opened in the mail catcher's web inbox.
    const [confirmation] = await waitForMail(address, 1);
    const inbox = await openPage(suite.product.mailInbox);
    await inbox.page.getByRole('link', { name: confirmation!.subject }).first().click();
    await inbox.visible(inbox.page.getByRole('heading', { name: confirmation!.subject }));
    const mailText = (await inbox.page.locator('pre').first().textContent())!;
    const confirmLink = /(http:\/\/\S+\/api\/newsletter\/confirm\?token=\S+)/.exec(mailText)![1]!;

    // Following the link shows the page; its button confirms.
    await site.page.goto(confirmLink, { waitUntil: 'networkidle' });
    await site.visible(site.page.getByRole('heading', { name: 'Confirm your subscription' }));
    await site.page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await site.visible(site.page.getByText("You're subscribed. The next digest of new articles will reach your inbox."));

    // An editor publishes a draft and sends the digest from the Newsletter tab.
    const admin = await openPage(`${suite.product.url}/admin`);
    const dialogs = recordDialogs(admin.page);
    await submitAdminLogin(admin, suite.product.admin.username, suite.product.admin.password);
    await admin.visible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await admin.page.getByRole('tab', { name: 'Article Management' }).click();
    const draft = admin.page
      .getByTestId('admin-article')
      .filter({ has: admin.page.getByText('Draft', { exact: true }) })
      .first();
    await admin.visible(draft);
    const title = (await draft.getByTestId('admin-article-title').textContent())!.trim();
    await draft.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => dialogs, ["Blog published successfully! It's now live on the site."]);

    await admin.page.getByRole('tab', { name: 'Newsletter' }).click();
    await admin.page.getByRole('button', { name: 'Send digest now' }).click();
    await admin.visible(admin.page.getByText(/^Digest \d+ with \d+ articles? is being sent\.$/));

    // The digest arrives, with the new article and its own one-click unsubscribe.
    const [, digest] = await waitForMail(address, 2);
    expect(digest!.text).toContain(title);
    expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeLink = /<(.+)>/.exec(digest!.headers['list-unsubscribe']!)![1]!;
    expect(digest!.text).toContain(unsubscribeLink);

    // The editor sees it sent.
    await admin.page.reload({ waitUntil: 'networkidle' });
    const row = admin.page.getByTestId('newsletter-digest').first();
    await admin.visible(row.getByText('sent', { exact: true }));

    // Leaving: the email's link, one button.
    await site.page.goto(unsubscribeLink, { waitUntil: 'networkidle' });
    await site.visible(site.page.getByRole('heading', { name: 'Unsubscribe' }));
    await site.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await site.visible(site.page.getByText('You are unsubscribed. No further digests will be sent to you.'));

    // The panel lists the reader as unsubscribed.
    await admin.page.goto(`${suite.product.url}/admin/newsletter?q=${encodeURIComponent(address)}`, { waitUntil: 'networkidle' });
    const subscriber = admin.page.getByTestId('newsletter-subscriber').filter({ hasText: address });
    await admin.visible(subscriber.getByText('unsubscribed', { exact: true }));

    await Promise.all([site.page.close(), inbox.page.close(), admin.page.close()]);
  }, 240_000);
  it('follows an article by email from its page with JavaScript off: the form, the confirmation email, its link and the page that confirms', async () => {
    const address = `follower-${Date.now()}@example.com`;
    const [article] = (await (await fetch(`${suite.product.url}/api/articles?approved=true&limit=1`)).json()) as { slug: string }[];
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.product.url}/article/${article!.slug}`, { waitUntil: 'load' });
      const form = page.getByRole('form', { name: /^Follow / });
      await form.getByRole('textbox', { name: 'Email address' }).fill(address);
      await form.getByRole('radio', { name: 'A daily bundle' }).check();
      await form.getByRole('button', { name: 'Follow by email' }).click();
      await page.getByText('Check your inbox: confirm with the link we sent to start receiving updates.').waitFor();

      const [confirmation] = await waitForMail(address, 1);
      expect(confirmation!.subject).toMatch(/^Confirm that you follow /);
      expect(confirmation!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const confirmLink = /(http:\/\/\S+\/api\/follows\/confirm\?token=\S+)/.exec(confirmation!.text!)![1]!;
      await page.goto(confirmLink, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Confirm your follow' }).waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText("You're following it. Its updates will reach you as you chose.").waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
