/**
 * Every API route of the apps, declared once: method, path (the product spec's) and the schemas of
 * what it takes and answers; each key says what the route does, where the path's wording does not.
 * The apps call them through `callApi` (@ai-mind/ui) and write no `/api/` address themselves; the
 * backend's api-contract spec checks each one against the API's routes, and that every other route
 * of the API is one the apps do not call (a webhook, a probe, a form or email link).
 *
 * The schemas are referenced by type only, so this module (and the public site's bundle) has no zod.
 * The schemas themselves are in api-route-schemas.ts (@ai-mind/contracts/route-schemas), which the
 * backend checks each route's handler validates with.
 */
import type { z } from './zod.js';
import type { AnalyticsFollowsSchema, StoryFollowerCountsSchema } from './follows.js';
import type {
  AdminCheckResponseSchema,
  AdminLoginRequestSchema,
  ApprovedTopicSchema,
  ApproveTopicRequestSchema,
  ArticleIdRequestSchema,
  DeclineTopicRequestSchema,
  ExhaustiveRecoveryResponseSchema,
  ForceRecoveryResponseSchema,
  MessageResponse,
  MessageResponseSchema,
  RecreateFromSitemapResponseSchema,
  RegenerateImagesRequestSchema,
  RegenerateImagesResponseSchema,
  TrendingTopicSchema,
  UpdateArticleRequestSchema,
  UpdateArticleResponseSchema,
} from './admin.js';
import type {
  AdminArticleListQuerySchema,
  AdminArticleSummarySchema,
  AdminCommentListQuerySchema,
  AdminCommentSchema,
  AdminContactListQuerySchema,
  AdminContactSubmissionSchema,
  AdminNewsletterDigestListQuerySchema,
  AdminNewsletterSubscriberListQuerySchema,
  AuditLogEntrySchema,
  AuditLogQuerySchema,
  AuditRefusalsQuerySchema,
  AuditRefusalsSchema,
  BulkResultSchema,
  IdsRequestSchema,
  MarkHandledRequestSchema,
  MarkSpamRequestSchema,
} from './admin-lists.js';
import type {
  AnalyticsNewsletterSchema,
  AnalyticsRangeQuerySchema,
  AnalyticsTopArticlesSchema,
  AnalyticsTopSchema,
  AnalyticsViewsSchema,
} from './analytics.js';
import type {
  AdminArticleSchema,
  ArticleRevisionDetailSchema,
  ArticleRevisionListSchema,
  RestoreRevisionRequestSchema,
  ReviewedArticleSchema,
} from './article-history.js';
import type { ArticleGradeRecordSchema } from './article-grade.js';
import type {
  AdminNewsletterDigestSchema,
  AdminNewsletterSubscriberSchema,
  NewsletterAddressSchema,
  NewsletterCountsSchema,
  NewsletterFailedDeliverySchema,
  NewsletterPreviewSchema,
  NewsletterScheduleSchema,
  NewsletterSettingsSchema,
} from './newsletter.js';
import type {
  AdminAccountSchema,
  ChangeRoleRequestSchema,
  ChangeStatusRequestSchema,
  InvitePersonRequestSchema,
  PasswordLinkResponseSchema,
  SetPasswordRequestSchema,
  SetPasswordResponseSchema,
} from './people.js';
import type { EvidenceQuerySchema } from './evidence.js';
import type { ApprovedTopicSourcesSchema, ArticleProvenanceSchema } from './provenance.js';
import type {
  AddCorrectionRequestSchema,
  AdminErrorReportListQuerySchema,
  AdminErrorReportSchema,
  NewStoryReportsSchema,
  SetErrorReportStatusRequestSchema,
} from './public-record.js';
import type { AssigneeSchema, AssignRequestSchema, CreateDraftRequestSchema, ReviewStepRequestSchema, ScheduleRequestSchema } from './review.js';
import type { TrendingSourcesResponseSchema } from './trending.js';
import type { SetSourceChangeStatusRequestSchema, SourceChangeListQuerySchema, SourceChangeSchema, SourceWatchRunSchema } from './source-watch.js';
import type { AdminMastheadEntrySchema, AdminNewsroomPageSchema, SaveMastheadEntryRequestSchema, SaveNewsroomPageRequestSchema } from './newsroom-schemas.js';
import type { AdminStorySchema, MergeStoriesRequestSchema, SplitStoryRequestSchema, UpdateStoryRequestSchema } from './stories.js';
import type {
  AdminFediverseSettingsSchema,
  CreateFediverseBlockRequestSchema,
  FediverseOverviewSchema,
  FediverseSettingsSchema,
  FediverseReaderSchema,
  FollowFediverseAccountRequestSchema,
  ModerateFediverseReplyRequestSchema,
  ReplyToFediversePostRequestSchema,
} from './fediverse.js';
import { ApiRoute, get, post, put } from './api-route.js';
import type {
  AdminSourcingSettingsSchema,
  ArticleOutletMixSchema,
  StoryOutletMixesSchema,
  OutletSchema,
  SaveOutletRequestSchema,
  SourcingSettingsSchema,
  TrendingOutletMixSchema,
} from './outlets.js';
import { publicApi } from './public-api-routes.js';

type ListOf<Schema extends z.ZodType> = z.ZodArray<Schema>;

/** A published story with reports that came after publication, for Article Management's list (no schema: the backend answers it as is). */
export interface StoryWithNewReports {
  articleId: number;
  title: string;
  count: number;
}

/** The admin panel's calls. */
const adminApi = {
  trendingTopics: {
    list: get('/api/trending-topics').answers<ListOf<typeof TrendingTopicSchema>>(),
    /** Fetches the feeds now and answers with the fresh list. */
    refresh: post('/api/trending-topics/refresh').answers<ListOf<typeof TrendingTopicSchema>>(),
    sources: get('/api/trending-topics/sources').answers<typeof TrendingSourcesResponseSchema>(),
  },
  admin: {
    checkSession: get('/api/admin/check').answers<typeof AdminCheckResponseSchema>(),
    signIn: post('/api/admin/login').body<typeof AdminLoginRequestSchema>().answers<typeof AdminCheckResponseSchema>(),
    signOut: post('/api/admin/logout'),
    setPassword: post('/api/admin/set-password').body<typeof SetPasswordRequestSchema>().answers<typeof SetPasswordResponseSchema>(),

    analytics: {
      views: get('/api/admin/analytics/views').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsViewsSchema>(),
      articles: get('/api/admin/analytics/articles').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsTopArticlesSchema>(),
      categories: get('/api/admin/analytics/categories').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsTopSchema>(),
      sources: get('/api/admin/analytics/sources').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsTopSchema>(),
      countries: get('/api/admin/analytics/countries').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsTopSchema>(),
      newsletter: get('/api/admin/analytics/newsletter').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsNewsletterSchema>(),
      follows: get('/api/admin/analytics/follows').query<typeof AnalyticsRangeQuerySchema>().answers<typeof AnalyticsFollowsSchema>(),
    },
    /** Confirmed followers of each story that has any, by channel (the stories view shows them). */
    storyFollowers: get('/api/admin/stories/followers').answers<typeof StoryFollowerCountsSchema>(),

    articles: {
      /** A page of the list; the cursor and counts come in headers. */
      list: get('/api/admin/articles').query<typeof AdminArticleListQuerySchema>().answers<ListOf<typeof AdminArticleSummarySchema>>(),
      byId: get('/api/admin/articles/:id').answers<typeof ReviewedArticleSchema>(),
      createDraft: post('/api/admin/articles').body<typeof CreateDraftRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      /** Saves an edit of any article, draft or published (the spec's path says blogs). */
      update: put('/api/admin/blogs/:id').body<typeof UpdateArticleRequestSchema>().answers<typeof UpdateArticleResponseSchema>(),
      /** Publishes the draft now (the spec's approve-blog; the review flow's own step is review.publish). */
      publishNow: post('/api/admin/approve-blog').body<typeof ArticleIdRequestSchema>().answers<typeof MessageResponseSchema>(),
      /** Deletes the article, whatever its stage, for good (after a backup): the spec's decline-blog. */
      deletePermanently: post('/api/admin/decline-blog').body<typeof ArticleIdRequestSchema>().answers<typeof MessageResponseSchema>(),
      assign: put('/api/admin/articles/:id/assignee').body<typeof AssignRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      assignees: get('/api/admin/assignees').answers<ListOf<typeof AssigneeSchema>>(),
      provenance: get('/api/admin/articles/:id/provenance').answers<typeof ArticleProvenanceSchema>(),
      revisions: get('/api/admin/articles/:id/revisions').answers<typeof ArticleRevisionListSchema>(),
      /** The AI involvement grade now, its rules' checks, and each change of it (docs/disclosure.md). */
      grade: get('/api/admin/articles/:id/grade').answers<typeof ArticleGradeRecordSchema>(),
      revision: get('/api/admin/articles/:id/revisions/:revisionId').answers<typeof ArticleRevisionDetailSchema>(),
      restoreRevision: post('/api/admin/articles/:id/revisions/:revisionId/restore')
        .body<typeof RestoreRevisionRequestSchema>()
        .answers<typeof AdminArticleSchema>(),
      addCorrection: post('/api/admin/articles/:id/corrections').body<typeof AddCorrectionRequestSchema>().answers<typeof AdminArticleSchema>(),
      newReports: get('/api/admin/articles/:id/new-reports').answers<typeof NewStoryReportsSchema>(),
      storiesWithNewReports: get('/api/admin/stories/new-reports').answers<StoryWithNewReports[]>(),
      regenerateImages: post('/api/admin/regenerate-images').body<typeof RegenerateImagesRequestSchema>().answers<typeof RegenerateImagesResponseSchema>(),
      /** Deletes the drafts not fit to publish (no title, too little text, broken markup, placeholders, a published title). */
      deleteProblematicDrafts: post('/api/admin/clear-problematic-blogs').answers<typeof MessageResponseSchema>(),
    },
    /** The review steps of REVIEW_STEPS, one route each. */
    review: {
      submit: post('/api/admin/articles/:id/submit').body<typeof ReviewStepRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      'request-changes': post('/api/admin/articles/:id/request-changes').body<typeof ReviewStepRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      'mark-ready': post('/api/admin/articles/:id/mark-ready').body<typeof ReviewStepRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      publish: post('/api/admin/articles/:id/publish').body<typeof ReviewStepRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      schedule: post('/api/admin/articles/:id/schedule').body<typeof ScheduleRequestSchema>().answers<typeof ReviewedArticleSchema>(),
      unschedule: post('/api/admin/articles/:id/unschedule').body<typeof ReviewStepRequestSchema>().answers<typeof ReviewedArticleSchema>(),
    },

    errorReports: {
      list: get('/api/admin/error-reports').query<typeof AdminErrorReportListQuerySchema>().answers<ListOf<typeof AdminErrorReportSchema>>(),
      setStatus: post('/api/admin/error-reports/status').body<typeof SetErrorReportStatusRequestSchema>().answers<typeof BulkResultSchema>(),
    },

    /** Sources of published articles that changed, were rewritten or are gone since (docs/source-watch.md). */
    sourceChanges: {
      list: get('/api/admin/source-changes').query<typeof SourceChangeListQuerySchema>().answers<ListOf<typeof SourceChangeSchema>>(),
      setStatus: post('/api/admin/source-changes/:id/status').body<typeof SetSourceChangeStatusRequestSchema>().answers<typeof SourceChangeSchema>(),
      /** Reads the watched sources now (on the worker) and answers with what it found. */
      checkNow: post('/api/admin/source-changes/check').answers<typeof SourceWatchRunSchema>(),
    },

    auditLog: {
      list: get('/api/admin/audit-log').query<typeof AuditLogQuerySchema>().answers<ListOf<typeof AuditLogEntrySchema>>(),
      refusals: get('/api/admin/audit-log/refusals').query<typeof AuditRefusalsQuerySchema>().answers<typeof AuditRefusalsSchema>(),
    },

    comments: {
      list: get('/api/admin/comments').query<typeof AdminCommentListQuerySchema>().answers<ListOf<typeof AdminCommentSchema>>(),
      delete: post('/api/admin/comments/delete').body<typeof IdsRequestSchema>().answers<typeof BulkResultSchema>(),
      markSpam: post('/api/admin/comments/spam').body<typeof MarkSpamRequestSchema>().answers<typeof BulkResultSchema>(),
    },

    contactSubmissions: {
      list: get('/api/admin/contact-submissions').query<typeof AdminContactListQuerySchema>().answers<ListOf<typeof AdminContactSubmissionSchema>>(),
      markHandled: post('/api/admin/contact-submissions/handled').body<typeof MarkHandledRequestSchema>().answers<typeof BulkResultSchema>(),
      delete: post('/api/admin/contact-submissions/delete').body<typeof IdsRequestSchema>().answers<typeof BulkResultSchema>(),
    },

    recovery: {
      /** Refresh Data: drops the cached public pages and feeds, rebuilds the sitemap and refetches the trending feeds. */
      refreshData: post('/api/admin/refresh-data').answers<typeof MessageResponseSchema>(),
      force: post('/api/admin/force-recovery').answers<typeof ForceRecoveryResponseSchema>(),
      exhaustive: post('/api/admin/exhaustive-recovery').answers<typeof ExhaustiveRecoveryResponseSchema>(),
      recreateFromSitemap: post('/api/admin/recreate-from-sitemap').body<Record<string, never>>().answers<typeof RecreateFromSitemapResponseSchema>(),
    },

    newsletter: {
      subscribers: get('/api/admin/newsletter/subscribers')
        .query<typeof AdminNewsletterSubscriberListQuerySchema>()
        .answers<ListOf<typeof AdminNewsletterSubscriberSchema>>(),
      /** A download the browser makes with the session (its address, not a call). */
      subscribersCsv: get('/api/admin/newsletter/subscribers.csv').query<typeof AdminNewsletterSubscriberListQuerySchema>(),
      subscriberCounts: get('/api/admin/newsletter/subscribers/counts').answers<typeof NewsletterCountsSchema>(),
      addSubscriber: post('/api/admin/newsletter/subscribers').body<typeof NewsletterAddressSchema>().answers<typeof MessageResponseSchema>(),
      unsubscribeSubscriber: post('/api/admin/newsletter/subscribers/:id/unsubscribe').answers<typeof MessageResponseSchema>(),
      digests: get('/api/admin/newsletter/digests').query<typeof AdminNewsletterDigestListQuerySchema>().answers<ListOf<typeof AdminNewsletterDigestSchema>>(),
      digestFailures: get('/api/admin/newsletter/digests/:id/failures').answers<ListOf<typeof NewsletterFailedDeliverySchema>>(),
      sendDigestNow: post('/api/admin/newsletter/digests').answers<MessageResponse & { digestId: number }>(),
      settings: get('/api/admin/newsletter/settings').answers<typeof NewsletterSettingsSchema>(),
      saveSchedule: put('/api/admin/newsletter/settings').body<typeof NewsletterScheduleSchema>().answers<typeof NewsletterSettingsSchema>(),
      previewDigest: get('/api/admin/newsletter/preview').answers<typeof NewsletterPreviewSchema>(),
      /** To the signed-in account's own address: the request names none. */
      sendTestDigest: post('/api/admin/newsletter/test').answers<typeof MessageResponseSchema>(),
    },

    /** The owner's evidence export (CSV or JSON): a download the browser makes with the session (its address, not a call). */
    evidence: get('/api/admin/evidence').query<typeof EvidenceQuerySchema>(),

    people: {
      list: get('/api/admin/people').answers<ListOf<typeof AdminAccountSchema>>(),
      invite: post('/api/admin/people').body<typeof InvitePersonRequestSchema>().answers<typeof PasswordLinkResponseSchema>(),
      changeRole: post('/api/admin/people/:id/role').body<typeof ChangeRoleRequestSchema>().answers<typeof AdminAccountSchema>(),
      changeStatus: post('/api/admin/people/:id/status').body<typeof ChangeStatusRequestSchema>().answers<typeof AdminAccountSchema>(),
      resetPassword: post('/api/admin/people/:id/reset-password').answers<typeof PasswordLinkResponseSchema>(),
    },

    /** Stories (docs/stories.md): editors list, merge and split them, and settle one. */
    stories: {
      list: get('/api/admin/stories').answers<ListOf<typeof AdminStorySchema>>(),
      /** Merges the story of the address into another: answers the story it was merged into. */
      merge: post('/api/admin/stories/:id/merge').body<typeof MergeStoriesRequestSchema>().answers<typeof AdminStorySchema>(),
      /** Moves one article of the story into a new story of its own: answers the new story. */
      split: post('/api/admin/stories/:id/split').body<typeof SplitStoryRequestSchema>().answers<typeof AdminStorySchema>(),
      setStatus: put('/api/admin/stories/:id/status').body<typeof UpdateStoryRequestSchema>().answers<typeof AdminStorySchema>(),
    },

    /** The newsroom's published promises and the masthead: the owner's (a person may set their own masthead entry). */
    newsroom: {
      pages: get('/api/admin/newsroom').answers<ListOf<typeof AdminNewsroomPageSchema>>(),
      savePage: put('/api/admin/newsroom/:page').body<typeof SaveNewsroomPageRequestSchema>().answers<typeof AdminNewsroomPageSchema>(),
      masthead: get('/api/admin/newsroom/masthead').answers<ListOf<typeof AdminMastheadEntrySchema>>(),
      saveMastheadEntry: put('/api/admin/newsroom/masthead/:id').body<typeof SaveMastheadEntryRequestSchema>().answers<typeof AdminMastheadEntrySchema>(),
      ownMastheadEntry: get('/api/admin/newsroom/masthead-self').answers<typeof AdminMastheadEntrySchema>(),
      saveOwnMastheadEntry: put('/api/admin/newsroom/masthead-self').body<typeof SaveMastheadEntryRequestSchema>().answers<typeof AdminMastheadEntrySchema>(),
    },

    /** The owner's outlet list (who owns each, the side the operator files it under) and the independent outlets a topic needs. */
    outlets: {
      list: get('/api/admin/outlets').answers<ListOf<typeof OutletSchema>>(),
      create: post('/api/admin/outlets').body<typeof SaveOutletRequestSchema>().answers<typeof OutletSchema>(),
      update: put('/api/admin/outlets/:id').body<typeof SaveOutletRequestSchema>().answers<typeof OutletSchema>(),
      delete: post('/api/admin/outlets/:id/delete').answers<typeof MessageResponseSchema>(),
      settings: get('/api/admin/outlets/settings').answers<typeof AdminSourcingSettingsSchema>(),
      saveSettings: put('/api/admin/outlets/settings').body<typeof SourcingSettingsSchema>().answers<typeof AdminSourcingSettingsSchema>(),
      /** Each undecided trending topic's outlet mix, with the setting it is judged by. */
      trendingMix: get('/api/admin/outlets/trending-mix').answers<typeof TrendingOutletMixSchema>(),
      /** The outlet mix of the topic an article was written from, and how it was approved. */
      ofArticle: get('/api/admin/outlets/articles/:id').answers<typeof ArticleOutletMixSchema>(),
      /** The outlet mix of each story the Stories tab lists: every report on it. */
      storiesMix: get('/api/admin/outlets/stories-mix').answers<typeof StoryOutletMixesSchema>(),
    },
    /**
     * The social web: followers, deliveries, replies held for moderation, blocks and the accounts the site
     * follows (the owner's); the posts received from those accounts and the site's replies to them (a publisher's).
     */
    fediverse: {
      overview: get('/api/admin/fediverse').answers<typeof FediverseOverviewSchema>(),
      settings: get('/api/admin/fediverse/settings').answers<typeof AdminFediverseSettingsSchema>(),
      saveSettings: put('/api/admin/fediverse/settings').body<typeof FediverseSettingsSchema>().answers<typeof AdminFediverseSettingsSchema>(),
      block: post('/api/admin/fediverse/blocks').body<typeof CreateFediverseBlockRequestSchema>().answers<typeof MessageResponseSchema>(),
      unblock: post('/api/admin/fediverse/blocks/:id/remove').answers<typeof MessageResponseSchema>(),
      moderateReply: post('/api/admin/fediverse/replies/:id').body<typeof ModerateFediverseReplyRequestSchema>().answers<typeof MessageResponseSchema>(),
      reader: get('/api/admin/fediverse/reader').answers<typeof FediverseReaderSchema>(),
      follow: post('/api/admin/fediverse/following').body<typeof FollowFediverseAccountRequestSchema>().answers<typeof MessageResponseSchema>(),
      unfollow: post('/api/admin/fediverse/following/:id/remove').answers<typeof MessageResponseSchema>(),
      reply: post('/api/admin/fediverse/posts/:id/replies').body<typeof ReplyToFediversePostRequestSchema>().answers<typeof MessageResponseSchema>(),
      deleteReply: post('/api/admin/fediverse/sent-replies/:id/remove').answers<typeof MessageResponseSchema>(),
    },

    topics: {
      /** Approves a trending topic: its blog is queued to be written. */
      approveForWriting: post('/api/admin/approve-topic').body<typeof ApproveTopicRequestSchema>(),
      decline: post('/api/admin/decline-topic').body<typeof DeclineTopicRequestSchema>(),
      /** The newest approved topics (capped); how many there are in all comes in TOTAL_COUNT_HEADER. */
      listApproved: get('/api/admin/approved-topics').answers<ListOf<typeof ApprovedTopicSchema>>(),
      /** The sources an approved topic was frozen with, for its blog. */
      sourcesOfApproved: get('/api/admin/approved-topics/:id/sources').answers<typeof ApprovedTopicSourcesSchema>(),
    },

    /**
     * Opened by the browser, not called: the live events (server-sent; ADMIN_EVENT_CHANGED follows
     * every committed article change) and Bull Board, the job queues' own pages (which serve their
     * own assets and calls under this path).
     */
    liveEvents: get('/api/admin/events'),
    queueDashboard: get('/api/admin/queues'),
  },
} as const;

/** Every route the apps call: the public site's (publicApi, alone in the zod-free web entry) and the admin panel's. */
export const api = { ...publicApi, ...adminApi } as const;

/** Every route of `api`, found by walking it, for checks that must cover a route added later too. */
export function apiRoutes(tree: object = api): ApiRoute[] {
  return Object.values(tree).flatMap((entry: object) => (entry instanceof ApiRoute ? [entry] : apiRoutes(entry)));
}
