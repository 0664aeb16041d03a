import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

/**
 * The outlets the owner has listed (who owns each, and the side the operator files it under, if any)
 * and how many independent outlets a story needs before the AI may write from it. The site keeps no
 * bias ratings of its own: a side is the operator's free text. docs/independent-sources.md.
 */

/** As long as an outlet's name is kept on a feed item and a frozen source (topic_source.outlet). */
export const OUTLET_NAME_MAX = 200;
export const OUTLET_OWNER_MAX = 200;
export const OUTLET_SIDE_MAX = 40;
export const OUTLET_NOTES_MAX = 2000;
/** The list is edited by hand: a few hundred outlets at most. */
export const OUTLET_LIST_MAX = 1000;
/** The editor's note of a single-source approval: why the AI may write from fewer independent outlets. */
export const SINGLE_SOURCE_NOTE_MAX = 1000;
/** The newsroom setting's bounds (also a CHECK on the table). */
export const MIN_INDEPENDENT_OUTLETS_RANGE = { min: 1, max: 10 } as const;
export const DEFAULT_MIN_INDEPENDENT_OUTLETS = 2;

const noControl = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text); // eslint-disable-line no-control-regex

const requiredText = (max: number) =>
  z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(noControl, 'must not contain control characters');

export const SaveOutletRequestSchema = z.object({
  /** As the feeds name it; compared without regard to case or surrounding spaces. */
  name: requiredText(OUTLET_NAME_MAX),
  /** The company or person that owns it: outlets with the same owner count as one. */
  owner: requiredText(OUTLET_OWNER_MAX),
  /** The operator's own label ("left", "right", "state", ...); empty for none. */
  side: z
    .string('must be text')
    .trim()
    .max(OUTLET_SIDE_MAX, `must be at most ${OUTLET_SIDE_MAX} characters`)
    .refine(noControl, 'must not contain control characters')
    .optional()
    .transform((side) => (side ? side : null)),
  notes: z
    .string('must be text')
    .trim()
    .max(OUTLET_NOTES_MAX, `must be at most ${OUTLET_NOTES_MAX} characters`)
    .refine(noControl, 'must not contain control characters')
    .optional()
    .transform((notes) => notes ?? ''),
});
export type SaveOutletRequest = z.input<typeof SaveOutletRequestSchema>;
export type SaveOutletFields = z.output<typeof SaveOutletRequestSchema>;

export const OutletParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large'),
});

export const OutletSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  side: z.string().nullable(),
  notes: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Outlet = z.infer<typeof OutletSchema>;

export const SourcingSettingsSchema = z.object({
  /** Independent outlets a topic needs before the AI may write from it without the single-source override. */
  minIndependentOutlets: z
    .number('must be a number')
    .int('must be a whole number')
    .min(MIN_INDEPENDENT_OUTLETS_RANGE.min, `must be at least ${MIN_INDEPENDENT_OUTLETS_RANGE.min}`)
    .max(MIN_INDEPENDENT_OUTLETS_RANGE.max, `must be at most ${MIN_INDEPENDENT_OUTLETS_RANGE.max}`),
});
export type SourcingSettings = z.infer<typeof SourcingSettingsSchema>;

export const AdminSourcingSettingsSchema = SourcingSettingsSchema.extend({ updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });
export type AdminSourcingSettings = z.infer<typeof AdminSourcingSettingsSchema>;

/** The editor's note of a single-source approval (approve-topic's `note`). */
export const SingleSourceNoteSchema = requiredText(SINGLE_SOURCE_NOTE_MAX);

/** One outlet covering a topic, as the mix lists it. */
export const MixOutletSchema = z.object({
  /** As the feed item names it. */
  name: z.string(),
  /** The listed owner; an outlet not on the list is its own owner. */
  owner: z.string(),
  side: z.string().nullable(),
  /** Whether the outlet is on the owner's list. */
  listed: z.boolean(),
  /** How many of the topic's items it published. */
  items: z.number().int(),
});
export type MixOutlet = z.infer<typeof MixOutletSchema>;

export const OutletMixSchema = z.object({
  /** Distinct owners among the covering outlets. */
  independentOutlets: z.number().int(),
  outlets: z.array(MixOutletSchema),
  /** True only when every covering outlet has a side and they all share it (never without the owner's labels). */
  oneSided: z.boolean(),
  /** That side, when oneSided. */
  side: z.string().nullable(),
});
export type OutletMix = z.infer<typeof OutletMixSchema>;

/** A trending topic's mix (`GET /api/admin/outlets/trending-mix`), with the setting it is judged by. */
export const TrendingOutletMixSchema = z.object({
  minIndependentOutlets: z.number().int(),
  topics: z.array(z.object({ topicId: z.number().int(), mix: OutletMixSchema })),
});
export type TrendingOutletMix = z.infer<typeof TrendingOutletMixSchema>;

/** Each story's mix: every report on it, at approval and since (`GET /api/admin/outlets/stories-mix`), with the setting. */
export const StoryOutletMixesSchema = z.object({
  minIndependentOutlets: z.number().int(),
  stories: z.array(z.object({ storyId: z.number().int(), mix: OutletMixSchema })),
});
export type StoryOutletMixes = z.infer<typeof StoryOutletMixesSchema>;

/** The mix of the topic an article was written from, and how it was approved (`GET /api/admin/outlets/articles/:id`). */
export const ArticleOutletMixSchema = z.object({
  articleId: z.number().int(),
  /** Null when no approved topic is behind the article. */
  approvedTopicId: z.number().int().nullable(),
  singleSource: z.boolean(),
  note: z.string().nullable(),
  /** The independent outlets counted at approval (null: approved before they were counted). */
  independentOutletsAtApproval: z.number().int().nullable(),
  /** The frozen sources' mix as the outlet list says now. */
  mix: OutletMixSchema.nullable(),
  minIndependentOutlets: z.number().int(),
});
export type ArticleOutletMix = z.infer<typeof ArticleOutletMixSchema>;

/** What the mix is computed from: the outlet list's entries. */
export interface ListedOutlet {
  name: string;
  owner: string;
  side: string | null;
}

/** Case and surrounding spaces do not make another outlet or owner. */
export const outletKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Who covers a topic: its items' outlets, each with its owner and side from the list, how many
 * independent outlets they are (outlets of one owner count once; an unlisted outlet is its own owner),
 * and whether all of them sit on one side (only when every one of them has a side label).
 */
export function outletMix(items: readonly { outlet: string }[], list: readonly ListedOutlet[]): OutletMix {
  const listed = new Map(list.map((outlet) => [outletKey(outlet.name), outlet]));
  const covering = new Map<string, MixOutlet>();
  for (const item of items) {
    const key = outletKey(item.outlet);
    if (!key) continue;
    const seen = covering.get(key);
    if (seen) {
      seen.items += 1;
      continue;
    }
    const entry = listed.get(key);
    covering.set(key, {
      name: item.outlet.trim(),
      owner: entry ? entry.owner : item.outlet.trim(),
      side: entry?.side?.trim() || null,
      listed: Boolean(entry),
      items: 1,
    });
  }
  const outlets = [...covering.values()];
  const owners = new Set(outlets.map((outlet) => outletKey(outlet.owner)));
  const sides = new Set(outlets.map((outlet) => (outlet.side ? outletKey(outlet.side) : null)));
  const oneSided = outlets.length > 0 && !sides.has(null) && sides.size === 1;
  return { independentOutlets: owners.size, outlets, oneSided, side: oneSided ? outlets[0]!.side : null };
}

/** The field error of an approval below the setting without the override (approve-topic's 400). */
export function singleSourceRequiredMessage(independent: number, required: number): string {
  return `this topic is covered by ${independent} independent outlet${independent === 1 ? '' : 's'}, fewer than the ${required} the newsroom requires: approve it as single-source (singleSource: true) with an editor's note saying why`;
}

/** The admin's queries of the outlet list, the setting and the mixes (the trending list's mix changes with either). */
export const outletKeys = {
  all: ['admin', 'outlets'] as const,
  list: () => [...outletKeys.all, 'list'] as const,
  settings: () => [...outletKeys.all, 'settings'] as const,
  trendingMix: () => [...outletKeys.all, 'trending-mix'] as const,
  article: (articleId: number) => [...outletKeys.all, 'article', articleId] as const,
};
