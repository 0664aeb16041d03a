// The public pages' forms as the server answers them when they are posted without the page's scripts
// (or before them): the routes, and the outcome the page they come back to shows. Plain values, for
// the public site's bundle.

/** Where each public form posts when the browser submits it itself (docs/product.md #pages, #validation and #messages). */
export const PAGE_FORM_ACTIONS = {
  contact: '/api/contact/form',
  comment: (articleId: number) => `/api/articles/${articleId}/comments/form`,
  newsletter: '/api/newsletter/form',
  interaction: '/api/interactions/form',
  newsletterConfirm: '/api/newsletter/confirm/form',
  newsletterLeave: '/api/newsletter/unsubscribe/form',
  newsletterErase: '/api/newsletter/erase/form',
  errorReport: (articleId: number) => `/api/articles/${articleId}/error-reports/form`,
  follow: '/api/follows/form',
  followConfirm: '/api/follows/confirm/form',
  followLeave: '/api/follows/unsubscribe/form',
} as const;

/** The form field that names the page to come back to (a path of this site). */
export const FORM_BACK_FIELD = 'back';

/**
 * The query parameter of the page a posted form comes back to: a random, single-use id of the
 * outcome kept on the server (never anything the reader typed).
 */
export const FORM_FLASH_PARAM = 'posted';

export type PageFormId =
  | 'contact'
  | 'comment'
  | 'newsletter'
  | 'share'
  | 'newsletterConfirm'
  | 'newsletterLeave'
  | 'newsletterErase'
  | 'errorReport'
  | 'follow'
  | 'followConfirm'
  | 'followLeave';

/**
 * What a posted form's page shows once: whether it went through, each refused field's message, a
 * message about the whole form (a rate limit, spam screening), and on refusal what the reader typed,
 * put back in the fields.
 */
export interface FormFlash {
  form: PageFormId;
  /** The article of a comment, share or error report (a page may hold many share controls). */
  articleId?: number;
  /** `ready`: a checked email link, its form offered (the values hold what the form needs). */
  outcome: 'sent' | 'refused' | 'ready';
  fieldErrors?: Record<string, string>;
  notice?: { title?: string; message: string };
  values?: Record<string, string>;
}
