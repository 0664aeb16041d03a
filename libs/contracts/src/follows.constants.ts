// ---- Follows (plain values for the public site's bundle) ----

/** A category as the follows table keeps it (varchar(50), as the stories' category). */
export const CATEGORY_MAX_LENGTH_FOR_FOLLOWS = 50;

/** The text a reader agrees to when they follow by email, recorded with their consent. */
export const FOLLOW_EMAIL_CONSENT_TEXT =
  'Email me when this is updated (one mail per update or a daily bundle, as I chose). I confirm through a link in the first email and can stop with one click in any email.';

/** The text beside the notifications button, recorded with the subscription. */
export const FOLLOW_PUSH_CONSENT_TEXT = 'Show me a notification on this device when this is updated. I can stop from any notification.';

/** The public pages a follow email's links and a notification's link lead to (through the API, which checks the token first). */
export const FOLLOW_PAGES = { confirm: '/follow/confirm', leave: '/follow/unsubscribe' } as const;

/** The signed links: the API checks the token, then leads to the page whose form acts. The unsubscribe link also takes RFC 8058's one-click POST. */
export const FOLLOW_LINKS = { confirm: '/api/follows/confirm', unsubscribe: '/api/follows/unsubscribe' } as const;

/** The site's push service worker, same origin, at the root so its scope is the whole site. */
export const PUSH_SERVICE_WORKER_PATH = '/push-sw.js';

export const FOLLOW_PAGE_TEXT = {
  formTitleStory: 'Follow this story',
  formTitleCategory: (category: string) => `Follow ${category}`,
  emailLabel: 'Email address',
  modeEach: 'One email per update',
  modeDaily: 'A daily bundle',
  submit: 'Follow by email',
  sent: 'Check your inbox: confirm with the link we sent to start receiving updates.',
  pushButton: 'Notify me on this device',
  pushOn: 'Notifications are on for this device.',
  pushDenied: 'Notifications are blocked for this site in your browser.',
  confirmTitle: 'Confirm your follow',
  confirmReady: 'One more step: confirm that you want to receive its updates by email.',
  confirmButton: 'Confirm',
  confirmed: "You're following it. Its updates will reach you as you chose.",
  leaveTitle: 'Stop following',
  leaveReady: 'You will receive no more updates of it.',
  leaveButton: 'Stop following',
  left: 'Done: you will receive no more updates of it.',
  invalidLink: 'This link is not valid or has expired. Follow again from the page to get a new one.',
  noLink: 'Open the link from your email or notification to continue.',
} as const;
