import { z } from './zod.js';

export * from './fediverse.constants.js';

export const FEDIVERSE_BLOCK_KINDS = ['actor', 'domain'] as const;
export const FEDIVERSE_DELIVERY_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export const FEDIVERSE_REPLY_STATUSES = ['held', 'published', 'rejected'] as const;

export const FediverseFollowerSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  actorUrl: z.string(),
  inboxUrl: z.string(),
  sharedInboxUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type FediverseFollower = z.infer<typeof FediverseFollowerSchema>;

export const FediverseDeliverySchema = z.object({
  id: z.number().int(),
  /** The article the activity is about; null for a reply the site sent. */
  articleId: z.number().int().nullable(),
  activity: z.enum(['create', 'update', 'delete']),
  inboxUrl: z.string(),
  status: z.enum(FEDIVERSE_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type FediverseDelivery = z.infer<typeof FediverseDeliverySchema>;

export const FediverseBlockSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEDIVERSE_BLOCK_KINDS),
  value: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type FediverseBlock = z.infer<typeof FediverseBlockSchema>;

export const FediverseReplySchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  handle: z.string(),
  profileUrl: z.string(),
  content: z.string(),
  status: z.enum(FEDIVERSE_REPLY_STATUSES),
  commentId: z.number().int().nullable(),
  receivedAt: z.string(),
});
export type FediverseReply = z.infer<typeof FediverseReplySchema>;

/** The Fediverse tab: who follows, what was delivered, what waits for moderation, what is blocked. */
export const FediverseOverviewSchema = z.object({
  handle: z.string(),
  actorUrl: z.string(),
  followerCount: z.number().int(),
  followers: z.array(FediverseFollowerSchema),
  deliveryCounts: z.object({ pending: z.number().int(), sent: z.number().int(), retrying: z.number().int(), failed: z.number().int() }),
  deliveries: z.array(FediverseDeliverySchema),
  replies: z.array(FediverseReplySchema),
  blocks: z.array(FediverseBlockSchema),
});
export type FediverseOverview = z.infer<typeof FediverseOverviewSchema>;

/** A host name as servers are named in handles (`mastodon.example`), lowercased. */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const CreateFediverseBlockRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('domain'),
    value: z.string({ error: 'must be text' }).trim().toLowerCase().regex(HOST, 'must be a server name such as mastodon.example'),
  }),
  z.object({
    kind: z.literal('actor'),
    value: z.url({ protocol: /^https?$/, message: "must be the actor's http(s) address" }).max(1000, 'must be at most 1000 characters'),
  }),
]);
export type CreateFediverseBlockRequest = z.infer<typeof CreateFediverseBlockRequestSchema>;

export const ModerateFediverseReplyRequestSchema = z.object({
  status: z.enum(['published', 'rejected'], { error: 'must be published or rejected' }),
});
export type ModerateFediverseReplyRequest = z.infer<typeof ModerateFediverseReplyRequestSchema>;

/** The owner's fediverse setting: a reply from the fediverse is published as a comment at once, or held for moderation (false, the default). */
export const FediverseSettingsSchema = z.object({
  publishReplies: z.boolean('must be true or false'),
});
export type FediverseSettings = z.infer<typeof FediverseSettingsSchema>;

export const AdminFediverseSettingsSchema = FediverseSettingsSchema.extend({ updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });
export type AdminFediverseSettings = z.infer<typeof AdminFediverseSettingsSchema>;

/** The Fediverse tab's query keys. */
export const fediverseKeys = {
  all: ['fediverse'] as const,
  overview: () => [...fediverseKeys.all, 'overview'] as const,
  reader: () => [...fediverseKeys.all, 'reader'] as const,
  settings: () => [...fediverseKeys.all, 'settings'] as const,
};

export const FediverseIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be an id' }).int('must be an id').positive('must be an id').max(2_147_483_647, 'must be an id'),
});

/** Following and replying as the site (docs/fediverse.md#following-and-replying): each bound is checked before a row is kept. */
export const FEDIVERSE_FOLLOWING_MAX = 500;
/** Received posts kept per followed account (the newest), and in all. */
export const FEDIVERSE_POSTS_PER_ACCOUNT = 50;
export const FEDIVERSE_POSTS_KEPT = 2000;
/** A received post is kept as text (its HTML reduced to text, as comments are), at most this long. */
export const FEDIVERSE_POST_TEXT_MAX = 5000;
/** A reply the site sends. */
export const FEDIVERSE_SENT_REPLY_MAX = 500;

export const FOLLOWING_STATUSES = ['pending', 'accepted'] as const;

export const FediverseFollowingSchema = z.object({
  id: z.number().int(),
  handle: z.string(),
  actorUrl: z.string(),
  status: z.enum(FOLLOWING_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type FediverseFollowing = z.infer<typeof FediverseFollowingSchema>;

export const FediverseSentReplySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  noteId: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  /** The delivery of its Create (or, once deleted, of its Delete). */
  delivery: z.enum(FEDIVERSE_DELIVERY_STATUSES).nullable(),
});
export type FediverseSentReply = z.infer<typeof FediverseSentReplySchema>;

export const FediverseReceivedPostSchema = z.object({
  id: z.number().int(),
  objectId: z.string(),
  url: z.string().nullable(),
  name: z.string().nullable(),
  content: z.string(),
  authorHandle: z.string(),
  authorUrl: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string().nullable(),
  replies: z.array(FediverseSentReplySchema),
});
export type FediverseReceivedPost = z.infer<typeof FediverseReceivedPostSchema>;

/** What the site follows and the newest posts it received from those accounts, with its replies to them. */
export const FediverseReaderSchema = z.object({
  following: z.array(FediverseFollowingSchema),
  posts: z.array(FediverseReceivedPostSchema),
});
export type FediverseReader = z.infer<typeof FediverseReaderSchema>;

/** `@name@host`, as people write a fediverse account (the leading @ optional). */
const ACCOUNT_HANDLE = /^@?[a-z0-9_.-]{1,100}@(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

export const FollowFediverseAccountRequestSchema = z.object({
  handle: z
    .string({ error: 'must be text' })
    .trim()
    .regex(ACCOUNT_HANDLE, 'must be an account such as @name@mastodon.example')
    .transform((handle) => handle.replace(/^@/, '').toLowerCase()),
});
export type FollowFediverseAccountRequest = z.input<typeof FollowFediverseAccountRequestSchema>;

export const ReplyToFediversePostRequestSchema = z.object({
  content: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(FEDIVERSE_SENT_REPLY_MAX, `must be at most ${FEDIVERSE_SENT_REPLY_MAX} characters`),
});
export type ReplyToFediversePostRequest = z.infer<typeof ReplyToFediversePostRequestSchema>;
