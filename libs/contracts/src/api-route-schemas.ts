/**
 * The schemas the API validates each route's query and body with, as values. The declarations in
 * api-routes.ts name them by type only (so the public site's bundle has no zod); this companion gives
 * the backend the objects themselves, so its contract spec can check that each route's handler
 * validates with the very schema the contract declares.
 *
 * Its type is computed from the declarations: a route that declares a zod query or body must have
 * its entry here, with that schema; a route that declares none has none. Apps never need it, so it
 * is an entry of its own (@ai-mind/contracts/route-schemas) that no browser bundle imports.
 */
import type { z } from './zod.js';
import {
  AdminLoginRequestSchema,
  ApproveTopicRequestSchema,
  ArticleIdRequestSchema,
  DeclineTopicRequestSchema,
  RegenerateImagesRequestSchema,
  UpdateArticleRequestSchema,
} from './admin.js';
import {
  AdminArticleListQuerySchema,
  AdminCommentListQuerySchema,
  AdminContactListQuerySchema,
  AdminNewsletterDigestListQuerySchema,
  AdminNewsletterSubscriberListQuerySchema,
  AuditLogQuerySchema,
  AuditRefusalsQuerySchema,
  IdsRequestSchema,
  MarkHandledRequestSchema,
  MarkSpamRequestSchema,
} from './admin-lists.js';
import { AnalyticsRangeQuerySchema } from './analytics.js';
import { PushFollowRequestSchema } from './follows.js';
import { EvidenceQuerySchema } from './evidence.js';
import { RestoreRevisionRequestSchema } from './article-history.js';
import { ArticleListQuerySchema } from './articles.js';
import { ChatRequestSchema, ChatSummaryRequestSchema } from './chat.js';
import { ContactRequestSchema } from './contact.js';
import { CreateCommentRequestSchema, InteractionRequestSchema, PageViewRequestSchema, PageViewTokenQuerySchema } from './engagement.js';
import { NewsletterAddressSchema, NewsletterScheduleSchema, NewsletterSignUpSchema } from './newsletter.js';
import { ChangeRoleRequestSchema, ChangeStatusRequestSchema, InvitePersonRequestSchema, SetPasswordRequestSchema } from './people.js';
import {
  AddCorrectionRequestSchema,
  AdminErrorReportListQuerySchema,
  CreateErrorReportRequestSchema,
  SetErrorReportStatusRequestSchema,
} from './public-record.js';
import { SaveMastheadEntryRequestSchema, SaveNewsroomPageRequestSchema } from './newsroom-schemas.js';
import { SetSourceChangeStatusRequestSchema, SourceChangeListQuerySchema } from './source-watch.js';
import { SaveOutletRequestSchema, SourcingSettingsSchema } from './outlets.js';
import { MergeStoriesRequestSchema, SplitStoryRequestSchema, UpdateStoryRequestSchema } from './stories.js';
import {
  CreateFediverseBlockRequestSchema,
  FediverseSettingsSchema,
  FollowFediverseAccountRequestSchema,
  ModerateFediverseReplyRequestSchema,
  ReplyToFediversePostRequestSchema,
} from './fediverse.js';
import { AssignRequestSchema, CreateDraftRequestSchema, ReviewStepRequestSchema, ScheduleRequestSchema } from './review.js';
import { ApiRoute } from './api-route.js';
import { api } from './api-routes.js';

type TypesOf<R> = R extends ApiRoute<string, infer Types> ? Types : never;

/** The zod schemas a route's declaration names as its query and body (unknown when it names neither). */
export type DeclaredSchemas<R extends ApiRoute> = (TypesOf<R> extends { query: infer Query extends z.ZodType } ? { query: Query } : unknown) &
  (TypesOf<R> extends { body: infer Body extends z.ZodType } ? { body: Body } : unknown);

type SchemasOf<Entry> = Entry extends ApiRoute ? DeclaredSchemas<Entry> : RouteSchemaTree<Entry>;

/**
 * A tree of routes (as `api`) as the schemas each route declares: a key for every route (or group)
 * that declares a zod query or body, none for the others.
 */
export type RouteSchemaTree<Tree> = {
  [Key in keyof Tree as [keyof SchemasOf<Tree[Key]>] extends [never] ? never : Key]: SchemasOf<Tree[Key]>;
};

/** Whether two types are the same type (not merely assignable one to the other). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `Given` where each of its schemas is exactly the declared one, else a type no schema has: a schema
 * with a field more (assignable to the declared one's type) fails to compile too, as does a key the
 * declarations do not have.
 */
type Exactly<Given, Declared> = Given extends z.ZodType
  ? Same<Given, Declared> extends true
    ? Given
    : Declared & 'is not the schema the route declares'
  : { [Key in keyof Given]: Key extends keyof Declared ? Exactly<Given[Key], Declared[Key]> : 'is not a route that declares a zod query or body' };

/** The schemas of a tree of routes, checked against what the declarations name. */
export function declareRouteSchemas<Tree, Given extends RouteSchemaTree<Tree>>(_tree: Tree, schemas: Given & Exactly<Given, RouteSchemaTree<Tree>>): Given {
  return schemas;
}

const reviewStep = { body: ReviewStepRequestSchema };
const analyticsRange = { query: AnalyticsRangeQuerySchema };

/** The schemas of `api`'s routes, as the declarations name them. */
export const apiRouteSchemas = declareRouteSchemas(api, {
  articles: {
    listPublished: { query: ArticleListQuerySchema },
    postComment: { body: CreateCommentRequestSchema },
    reportError: { body: CreateErrorReportRequestSchema },
  },
  chat: {
    sendMessage: { body: ChatRequestSchema },
    summarizeArticle: { body: ChatSummaryRequestSchema },
  },
  sendContactMessage: { body: ContactRequestSchema },
  recordInteraction: { body: InteractionRequestSchema },
  signUpForNewsletter: { body: NewsletterSignUpSchema },
  followByPush: { body: PushFollowRequestSchema },
  recordPageView: { body: PageViewRequestSchema },
  pageViewToken: { query: PageViewTokenQuerySchema },
  admin: {
    signIn: { body: AdminLoginRequestSchema },
    setPassword: { body: SetPasswordRequestSchema },
    analytics: {
      views: analyticsRange,
      articles: analyticsRange,
      categories: analyticsRange,
      sources: analyticsRange,
      countries: analyticsRange,
      newsletter: analyticsRange,
      follows: analyticsRange,
    },
    articles: {
      list: { query: AdminArticleListQuerySchema },
      createDraft: { body: CreateDraftRequestSchema },
      update: { body: UpdateArticleRequestSchema },
      publishNow: { body: ArticleIdRequestSchema },
      deletePermanently: { body: ArticleIdRequestSchema },
      assign: { body: AssignRequestSchema },
      restoreRevision: { body: RestoreRevisionRequestSchema },
      addCorrection: { body: AddCorrectionRequestSchema },
      regenerateImages: { body: RegenerateImagesRequestSchema },
    },
    review: {
      submit: reviewStep,
      'request-changes': reviewStep,
      'mark-ready': reviewStep,
      publish: reviewStep,
      schedule: { body: ScheduleRequestSchema },
      unschedule: reviewStep,
    },
    errorReports: {
      list: { query: AdminErrorReportListQuerySchema },
      setStatus: { body: SetErrorReportStatusRequestSchema },
    },
    sourceChanges: {
      list: { query: SourceChangeListQuerySchema },
      setStatus: { body: SetSourceChangeStatusRequestSchema },
    },
    auditLog: {
      list: { query: AuditLogQuerySchema },
      refusals: { query: AuditRefusalsQuerySchema },
    },
    comments: {
      list: { query: AdminCommentListQuerySchema },
      delete: { body: IdsRequestSchema },
      markSpam: { body: MarkSpamRequestSchema },
    },
    contactSubmissions: {
      list: { query: AdminContactListQuerySchema },
      markHandled: { body: MarkHandledRequestSchema },
      delete: { body: IdsRequestSchema },
    },
    newsletter: {
      subscribers: { query: AdminNewsletterSubscriberListQuerySchema },
      subscribersCsv: { query: AdminNewsletterSubscriberListQuerySchema },
      addSubscriber: { body: NewsletterAddressSchema },
      digests: { query: AdminNewsletterDigestListQuerySchema },
      saveSchedule: { body: NewsletterScheduleSchema },
    },
    evidence: { query: EvidenceQuerySchema },
    people: {
      invite: { body: InvitePersonRequestSchema },
      changeRole: { body: ChangeRoleRequestSchema },
      changeStatus: { body: ChangeStatusRequestSchema },
    },
    stories: {
      merge: { body: MergeStoriesRequestSchema },
      split: { body: SplitStoryRequestSchema },
      setStatus: { body: UpdateStoryRequestSchema },
    },
    newsroom: {
      savePage: { body: SaveNewsroomPageRequestSchema },
      saveMastheadEntry: { body: SaveMastheadEntryRequestSchema },
      saveOwnMastheadEntry: { body: SaveMastheadEntryRequestSchema },
    },
    outlets: {
      create: { body: SaveOutletRequestSchema },
      update: { body: SaveOutletRequestSchema },
      saveSettings: { body: SourcingSettingsSchema },
    },
    fediverse: {
      saveSettings: { body: FediverseSettingsSchema },
      block: { body: CreateFediverseBlockRequestSchema },
      moderateReply: { body: ModerateFediverseReplyRequestSchema },
      follow: { body: FollowFediverseAccountRequestSchema },
      reply: { body: ReplyToFediversePostRequestSchema },
    },
    topics: {
      approveForWriting: { body: ApproveTopicRequestSchema },
      decline: { body: DeclineTopicRequestSchema },
    },
  },
});

/** One declared route and the schemas it validates its query and body with (none it does not declare). */
export interface RouteWithSchemas {
  route: ApiRoute;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** Every route of `tree` (default: `api`) with its schemas from `schemas`, found by walking both. */
export function routesWithSchemas(tree: object = api, schemas: object = apiRouteSchemas): RouteWithSchemas[] {
  return Object.entries(tree).flatMap(([key, entry]: [string, object]) => {
    const own = (schemas as Record<string, object | undefined>)[key] ?? {};
    return entry instanceof ApiRoute ? [{ route: entry, ...own }] : routesWithSchemas(entry, own);
  });
}
