/**
 * The API routes the public site calls, declared once (see api-routes.ts). A module of their own, so
 * the public site's bundle carries these declarations and not the admin panel's.
 */
import type { z } from './zod.js';
import type { MessageResponseSchema } from './admin.js';
import type { ArticleListQuerySchema, ArticleSummaryListSchema } from './articles.js';
import type { ChatRequestSchema, ChatResponseSchema, ChatSummaryRequestSchema } from './chat.js';
import type { ContactRequestSchema } from './contact.js';
import type {
  CommentSchema,
  CreateCommentRequestSchema,
  GeoResponseSchema,
  InteractionRequestSchema,
  InteractionResponseSchema,
  PageViewRequestSchema,
  PageViewTokenQuerySchema,
  PageViewTokenSchema,
} from './engagement.js';
import type { NewsletterSignUpSchema } from './newsletter.js';
import type { PushFollowRequestSchema, PushPublicKeySchema } from './follows.js';
import type { CorrectionEntryListSchema, CreateErrorReportRequestSchema, ErrorReportReceiptSchema, PublicArticleSchema } from './public-record.js';
import type { TrendingListSchema } from './trending.js';
import type { PublicNewsroomPageSchema } from './newsroom-schemas.js';
import type { ArticleStorySchema, PublicStorySchema } from './stories.js';
import { get, post } from './api-route.js';

type ListOf<Schema extends z.ZodType> = z.ZodArray<Schema>;

export const publicApi = {
  articles: {
    /** The published articles (of a category, or matching a search); a plain array, the next cursor comes in NEXT_CURSOR_HEADER. */
    listPublished: get('/api/articles').query<typeof ArticleListQuerySchema>().answers<typeof ArticleSummaryListSchema>(),
    bySlug: get('/api/articles/slug/:slug').answers<typeof PublicArticleSchema>(),
    listComments: get('/api/articles/:id/comments').answers<ListOf<typeof CommentSchema>>(),
    postComment: post('/api/articles/:id/comments').body<typeof CreateCommentRequestSchema>().answers<typeof CommentSchema>(),
    reportError: post('/api/articles/:id/error-reports').body<typeof CreateErrorReportRequestSchema>().answers<typeof ErrorReportReceiptSchema>(),
  },
  listCorrections: get('/api/corrections').answers<typeof CorrectionEntryListSchema>(),
  /** One of the newsroom's published promises (a key of NEWSROOM_TEXT_KEYS); the masthead with its people. */
  newsroomPage: get('/api/newsroom/:page').answers<typeof PublicNewsroomPageSchema>(),
  stories: {
    /** A story's page: its articles and timeline, newest first (docs/stories.md). */
    bySlug: get('/api/stories/:slug').answers<typeof PublicStorySchema>(),
    /** The story a published article belongs to, as its page links to it. */
    ofArticle: get('/api/articles/:id/story').answers<typeof ArticleStorySchema>(),
  },
  chat: {
    /** The reader's message; answers the AI's reply. */
    sendMessage: post('/api/chat').body<typeof ChatRequestSchema>().answers<typeof ChatResponseSchema>(),
    summarizeArticle: post('/api/chat/summary').body<typeof ChatSummaryRequestSchema>().answers<typeof ChatResponseSchema>(),
  },
  /** The visitor's country, for the cookie banner's wording. */
  visitorCountry: get('/api/geo').answers<typeof GeoResponseSchema>(),
  sendContactMessage: post('/api/contact').body<typeof ContactRequestSchema>().answers<typeof MessageResponseSchema>(),
  /** A like, share or other reaction to an article. */
  recordInteraction: post('/api/interactions').body<typeof InteractionRequestSchema>().answers<typeof InteractionResponseSchema>(),
  signUpForNewsletter: post('/api/newsletter').body<typeof NewsletterSignUpSchema>().answers<typeof MessageResponseSchema>(),
  /** The site's VAPID public key, for a browser's push subscription. */
  pushPublicKey: get('/api/follows/push/key').answers<typeof PushPublicKeySchema>(),
  /** Follows a story or a category on this browser's push subscription (the reader's consent is the request). */
  followByPush: post('/api/follows/push').body<typeof PushFollowRequestSchema>().answers<{ message: string; unsubscribeUrl: string }>(),
  listTrending: get('/api/trending').answers<typeof TrendingListSchema>(),
  /** Answers 204: no body. */
  recordPageView: post('/api/analytics/pageview').body<typeof PageViewRequestSchema>().answers<null>(),
  /** The token a page view of a page opened in the browser (not loaded from the server) sends; 404 for a path that is no public page. */
  pageViewToken: get('/api/analytics/pageview-token').query<typeof PageViewTokenQuerySchema>().answers<typeof PageViewTokenSchema>(),
} as const;
