// ---- Follows: readers follow a story or a category by email or Web Push (docs/follows.md) ----
import { CATEGORY_MAX_LENGTH_FOR_FOLLOWS } from './follows.constants.js';
import { z } from './zod.js';

const target = z
  .object({
    story: z
      .string({ error: 'must be a story slug' })
      .trim()
      .min(1, 'must be a story slug')
      .max(200, 'must be at most 200 characters')
      .regex(/^[a-z0-9-]+$/, 'must be a story slug')
      .optional(),
    /** An article's slug: its story (or, for an article in no story, its category), as the article page's form names it. */
    article: z
      .string({ error: 'must be an article slug' })
      .trim()
      .min(1, 'must be an article slug')
      .max(200, 'must be at most 200 characters')
      .regex(/^[a-z0-9-]+$/, 'must be an article slug')
      .optional(),
    category: z
      .string({ error: 'must be a category' })
      .trim()
      .min(1, 'must be a category')
      .max(CATEGORY_MAX_LENGTH_FOR_FOLLOWS, `must be at most ${CATEGORY_MAX_LENGTH_FOR_FOLLOWS} characters`)
      .optional(),
  })
  .refine((value) => [value.story, value.article, value.category].filter((v) => v !== undefined).length === 1, {
    message: 'must name one story, article or category',
    path: ['story'],
  });

/** What a follow is of: one story (by slug, or by one of its articles' slugs) or one category. */
export const FollowTargetSchema = target;
export type FollowTarget = z.infer<typeof FollowTargetSchema>;

/** The email follow form: an address, what to follow, one mail per update or a daily bundle. */
export const EmailFollowRequestSchema = z.object({
  email: z.email({ error: 'must be a valid email address' }).max(320, 'must be at most 320 characters'),
  mode: z.enum(['each', 'daily'], { error: "must be 'each' or 'daily'" }).default('each'),
  target,
});
export type EmailFollowRequest = z.infer<typeof EmailFollowRequestSchema>;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `must be the ${name} key, base64url` })
    .regex(/^[A-Za-z0-9_-]+$/, `must be the ${name} key, base64url`)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, `must be the ${bytes}-byte ${name} key`);

/**
 * A browser's PushSubscription as its toJSON() gives it: an https endpoint of bounded length, the
 * P-256 public key (65 bytes, uncompressed) and the 16-byte auth secret.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(1000, 'must be at most 1000 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** The page's button asks for this, once the reader allowed notifications: the consent is this request. */
export const PushFollowRequestSchema = z.object({
  subscription: PushSubscriptionSchema,
  target,
  consent: z.literal(true, { error: 'must be true: a subscription is kept only with consent' }),
});
export type PushFollowRequest = z.infer<typeof PushFollowRequestSchema>;

export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** The admin's counts: confirmed followers of each story, by channel. */
export const StoryFollowerCountSchema = z.object({ storyId: z.number().int(), email: z.number().int(), push: z.number().int() });
export type StoryFollowerCount = z.infer<typeof StoryFollowerCountSchema>;
export const StoryFollowerCountsSchema = z.object({ items: z.array(StoryFollowerCountSchema) });
export type StoryFollowerCounts = z.infer<typeof StoryFollowerCountsSchema>;

/** The Analytics tab's follows section, over the range: new follows by channel, sends, failures, drops. */
export const AnalyticsFollowsSchema = z.object({
  follows: z.object({ email: z.number().int(), push: z.number().int() }),
  active: z.object({ email: z.number().int(), push: z.number().int() }),
  sends: z.object({ email: z.number().int(), push: z.number().int() }),
  retried: z.number().int(),
  dropped: z.number().int(),
});
export type AnalyticsFollows = z.infer<typeof AnalyticsFollowsSchema>;
