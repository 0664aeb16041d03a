import { z } from './zod.js';

// ---- Likes and shares (spec sections 3, 7, 8) ----

export const InteractionRequestSchema = z.object({
  articleId: z.number().int().positive(),
  type: z.enum(['like', 'share'], { message: "must be 'like' or 'share'" }),
  content: z.string().max(500, 'must be at most 500 characters').optional(),
});
export type InteractionRequest = z.infer<typeof InteractionRequestSchema>;

/** The article's counters after the interaction was recorded. */
export const InteractionResponseSchema = z.object({ likes: z.number().int(), shares: z.number().int() });
export type InteractionResponse = z.infer<typeof InteractionResponseSchema>;

/** Spec section 9: the share text is the first 100 characters of the content. */
export const SHARE_TEXT_LENGTH = 100;

export const INTERACTION_MESSAGES = {
  liked: { title: 'Liked!', message: 'Thanks for the feedback.' },
  copied: { title: 'Copied!', message: 'Article link copied to clipboard.' },
  failed: { title: 'Error', message: 'Failed to record interaction.' },
} as const;

// ---- Comments (spec sections 3, 5, 7, 8) ----

export const COMMENT_MESSAGES = {
  incompleteTitle: 'Please fill in all fields',
  incomplete: 'Both name and comment are required.',
  posted: { title: 'Comment posted!', message: 'Your comment has been added and the AI will respond shortly.' },
  failed: 'Failed to post comment. Please try again.',
  empty: 'No comments yet. Be the first to share your thoughts!',
} as const;

export const COMMENT_NAME_MAX = 80;
export const COMMENT_CONTENT_MAX = 2000;

export const CreateCommentRequestSchema = z.object({
  authorName: z.string().trim().min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_NAME_MAX, `must be at most ${COMMENT_NAME_MAX} characters`),
  content: z.string().trim().min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_CONTENT_MAX, `must be at most ${COMMENT_CONTENT_MAX} characters`),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequestSchema>;

export const CommentSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** Null until the AI's reply has been written. */
  aiResponse: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ArticleIdParamsSchema = z.object({ id: z.coerce.number().int().positive({ message: 'must be an article id' }) });

// ---- Newsletter ----

export const NewsletterRequestSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email('Please enter a valid email address')),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequestSchema>;
export const NEWSLETTER_SUCCESS_MESSAGE = "You're subscribed. Expect the AI's opinions in your inbox.";

// ---- Geolocation, consent and analytics (spec sections 3, 9) ----

/** The visitor's country as ISO 3166-1 alpha-2, or null when unknown. */
export const GeoResponseSchema = z.object({ country: z.string().length(2).nullable() });
export type GeoResponse = z.infer<typeof GeoResponseSchema>;

/** The 27 EU member states: visitors there get the GDPR wording. */
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
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

export const PageViewRequestSchema = z.object({
  path: z.string().min(1).max(500).startsWith('/', 'must be a path'),
  title: z.string().max(300).optional(),
  /** utm_source, a named search engine or social site, the referrer host, or 'direct'. */
  source: z.string().min(1).max(100),
});
export type PageViewRequest = z.infer<typeof PageViewRequestSchema>;
