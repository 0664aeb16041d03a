// ---- Newsletter (plain values for the public site's bundle) ----

/**
 * The text a reader agrees to when they subscribe, shown under the footer's box and recorded with
 * their consent. Change it and new sign-ups record the new text; the old ones keep theirs.
 */
export const NEWSLETTER_CONSENT_TEXT =
  "Send me The AI Mind's digest of newly published articles by email. I confirm through a link in the first email and can leave with one click in any email.";

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** The public pages a newsletter email's links lead to (through the API, which checks the link first). */
export const NEWSLETTER_PAGES = { confirm: '/newsletter/confirm', leave: '/newsletter/unsubscribe' } as const;

/**
 * The signed links in the emails: the API checks the token, then sends the reader to the page with a
 * form to confirm (a mail scanner that follows links confirms and unsubscribes nothing). The
 * unsubscribe link also takes RFC 8058's one-click POST from the reader's mail program.
 */
export const NEWSLETTER_LINKS = { confirm: '/api/newsletter/confirm', unsubscribe: '/api/newsletter/unsubscribe' } as const;

/** The field (and the links' query parameter) that carries a signed token. */
export const NEWSLETTER_TOKEN_FIELD = 'token';

export const NEWSLETTER_PAGE_TEXT = {
  confirmTitle: 'Confirm your subscription',
  confirmReady: 'One more step: confirm that you want the digest of new articles from The AI Mind.',
  confirmButton: 'Confirm my subscription',
  confirmed: "You're subscribed. The next digest of new articles will reach your inbox.",
  leaveTitle: 'Unsubscribe',
  leaveReady: 'You will receive no more digests from The AI Mind.',
  leaveButton: 'Unsubscribe',
  left: 'You are unsubscribed. No further digests will be sent to you.',
  eraseIntro: 'You can also have your address and its consent record removed from our list for good.',
  eraseButton: 'Remove my data',
  erased: 'Your address has been removed. We keep only a one-way fingerprint of it, so that it is never added to the list again without your new consent.',
  invalidLink: 'This link is not valid or has expired. Subscribe again from the box at the bottom of any page to get a new one.',
  noLink: 'Open the link from your email to continue.',
} as const;
