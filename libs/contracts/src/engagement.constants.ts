// The engagement contracts' plain values, without zod, for the public site's bundle.

// ---- Likes and shares (docs/product.md #entities, #calls and #messages) ----

/** docs/product.md#limits: the share text is the first 100 characters of the content. */
export const SHARE_TEXT_LENGTH = 100;

export const INTERACTION_MESSAGES = {
  liked: { title: 'Liked!', message: 'Thanks for the feedback.' },
  copied: { title: 'Copied!', message: 'Article link copied to clipboard.' },
  failed: { title: 'Error', message: 'Failed to record interaction.' },
} as const;

// ---- Comments (docs/product.md #entities, #validation, #calls and #messages) ----

export const COMMENT_MESSAGES = {
  incompleteTitle: 'Please fill in all fields',
  incomplete: 'Both name and comment are required.',
  posted: { title: 'Comment posted!', message: 'Your comment has been added and the AI will respond shortly.' },
  failed: 'Failed to post comment. Please try again.',
  empty: 'No comments yet. Be the first to share your thoughts!',
} as const;

export const COMMENT_NAME_MAX = 80;
export const COMMENT_CONTENT_MAX = 2000;

// ---- Newsletter ----

/** The same answer whether or not the address was already on the list. */
export const NEWSLETTER_SUCCESS_MESSAGE = 'Almost there: check your inbox for a link to confirm your subscription.';

// ---- Consent (docs/product.md #entities and #limits) ----

/** The 27 EU member states: visitors there get the GDPR wording. */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export const CONSENT_STORAGE_KEYS = {
  consent: 'cookie-consent',
  details: 'cookie-consent-details',
  date: 'cookie-consent-date',
  location: 'user-location',
} as const;
export type ConsentChoice = 'accepted' | 'rejected' | 'custom';
export interface ConsentDetails {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}
export const COOKIE_BANNER_DELAY_MS = 1000;
