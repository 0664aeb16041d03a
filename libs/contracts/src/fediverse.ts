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
  articleId: z.number().int(),
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

/** The Fediverse tab's query keys. */
export const fediverseKeys = {
  all: ['fediverse'] as const,
  overview: () => [...fediverseKeys.all, 'overview'] as const,
};

export const FediverseIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be an id' }).int('must be an id').positive('must be an id').max(2_147_483_647, 'must be an id'),
});
