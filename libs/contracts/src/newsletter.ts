import { NEWSLETTER_STATUSES } from './newsletter.constants.js';
import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

export const NEWSLETTER_CADENCES = ['off', 'daily', 'weekly'] as const;
export type NewsletterCadence = (typeof NEWSLETTER_CADENCES)[number];

/** When digests go out: daily or weekly (on `weekday`, 0 = Sunday) at `sendTime` (HH:MM, UTC). */
export const NewsletterScheduleSchema = z.object({
  cadence: z.enum(NEWSLETTER_CADENCES, { error: `must be one of: ${NEWSLETTER_CADENCES.join(', ')}` }),
  weekday: z
    .number({ error: 'must be a number from 0 (Sunday) to 6' })
    .int('must be a whole number')
    .min(0, 'must be 0 (Sunday) to 6')
    .max(6, 'must be 0 (Sunday) to 6'),
  sendTime: z.string({ error: 'must be a time as HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour, UTC)'),
});
export type NewsletterSchedule = z.infer<typeof NewsletterScheduleSchema>;

export const NewsletterSettingsSchema = NewsletterScheduleSchema.extend({
  /** The next time a digest is due, or null when the schedule is off. */
  nextSendAt: z.string().nullable(),
});
export type NewsletterSettings = z.infer<typeof NewsletterSettingsSchema>;

export const AdminNewsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** The page (or `admin:<name>`) the address was signed up from. */
  consentSource: z.string().nullable(),
  consentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminNewsletterSubscriber = z.infer<typeof AdminNewsletterSubscriberSchema>;

export const NewsletterCountsSchema = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
  bounced: z.number().int(),
});
export type NewsletterCounts = z.infer<typeof NewsletterCountsSchema>;

export const AdminNewsletterDigestSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  /** `empty`: nothing was published in its period, so nothing was sent. */
  status: z.enum(['sending', 'sent', 'empty']),
  subject: z.string(),
  articleCount: z.number().int(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Waiting for a first attempt or a retry, or being sent. */
  pending: z.number().int(),
  /** Recipients who left before their turn came. */
  skipped: z.number().int(),
  periodFrom: z.string(),
  periodUntil: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminNewsletterDigest = z.infer<typeof AdminNewsletterDigestSchema>;

export const NewsletterFailedDeliverySchema = z.object({ email: z.string().nullable(), attempts: z.number().int(), error: z.string().nullable() });
export type NewsletterFailedDelivery = z.infer<typeof NewsletterFailedDeliverySchema>;

/** What the next digest would hold if it went out now. */
export const NewsletterPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  articleCount: z.number().int(),
  periodFrom: z.string(),
  periodUntil: z.string(),
});
export type NewsletterPreview = z.infer<typeof NewsletterPreviewSchema>;

/** How many tests of the digest an account may send itself (to its own address) an hour. */
export const DIGEST_TESTS_PER_HOUR = 5;

export const NewsletterAddressSchema = z.object({
  email: z.string({ error: 'must be an email address' }).trim().max(320, 'must be at most 320 characters').pipe(z.email('Please enter a valid email address')),
});
export type NewsletterAddress = z.infer<typeof NewsletterAddressSchema>;

export const NewsletterSubscriberIdParamsSchema = z.object({
  id: z.coerce.number().int().positive({ message: 'must be a subscriber id' }).max(MAX_ROW_ID, { message: 'must be a subscriber id' }),
});

/** The JSON sign-up: the address and the page it was made on (the form posts its page as `back`). */
export const NewsletterSignUpSchema = NewsletterAddressSchema.extend({
  source: z
    .string()
    .max(300, 'must be at most 300 characters')
    .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path of this site')
    .optional(),
});
export type NewsletterSignUp = z.infer<typeof NewsletterSignUpSchema>;
