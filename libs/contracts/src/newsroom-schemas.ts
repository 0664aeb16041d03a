import { z } from './zod.js';
import { AdminRoleSchema } from './people.js';
import { MAX_ROW_ID } from './ids.js';
import { MASTHEAD_TITLE_MAX_CHARS, NEWSROOM_TEXT_KEYS, NEWSROOM_TEXT_MAX_CHARS } from './newsroom.js';

/** The requests and answers of the newsroom's pages (the constants and page meta are in newsroom.ts). */

export const NewsroomTextKeySchema = z.enum(NEWSROOM_TEXT_KEYS, `must be one of ${NEWSROOM_TEXT_KEYS.join(', ')}`);

export const NewsroomPageParamsSchema = z.object({ page: NewsroomTextKeySchema });

export const MastheadMemberSchema = z.object({ name: z.string(), title: z.string() });

export const PublicNewsroomPageSchema = z.object({
  key: NewsroomTextKeySchema,
  title: z.string(),
  html: z.string(),
  updatedAt: z.string().nullable(),
  members: z.array(MastheadMemberSchema),
});

/** The owner's edit of one text: HTML, sanitized on save (what is dropped is not kept). */
export const SaveNewsroomPageRequestSchema = z.object({
  body: z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(NEWSROOM_TEXT_MAX_CHARS, `must be at most ${NEWSROOM_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`),
});
export type SaveNewsroomPageRequest = z.infer<typeof SaveNewsroomPageRequestSchema>;

/** One text as the admin edits it, with who changed it last and when. */
export const AdminNewsroomPageSchema = z.object({
  key: NewsroomTextKeySchema,
  title: z.string(),
  path: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** How many earlier versions the history keeps. */
  revisions: z.number(),
});
export type AdminNewsroomPage = z.infer<typeof AdminNewsroomPageSchema>;

/** One account as the masthead's settings list it: whether it is named, and as what. */
export const AdminMastheadEntrySchema = z.object({
  accountId: z.number(),
  displayName: z.string(),
  role: AdminRoleSchema,
  active: z.boolean(),
  onMasthead: z.boolean(),
  publicTitle: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminMastheadEntry = z.infer<typeof AdminMastheadEntrySchema>;

export const MastheadAccountParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large'),
});

/** Whether an account is named on the masthead, and its public title (required to be named). */
export const SaveMastheadEntryRequestSchema = z
  .object({
    onMasthead: z.boolean('must be true or false'),
    publicTitle: z
      .string('must be text')
      .trim()
      .max(MASTHEAD_TITLE_MAX_CHARS, `must be at most ${MASTHEAD_TITLE_MAX_CHARS} characters`)
      .regex(/^[^<>\p{Cc}]*$/u, 'must be plain text on one line'),
  })
  .superRefine((value, ctx) => {
    if (value.onMasthead && value.publicTitle.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['publicTitle'], message: 'is required to be named on the masthead' });
    }
  });
export type SaveMastheadEntryRequest = z.infer<typeof SaveMastheadEntryRequestSchema>;
