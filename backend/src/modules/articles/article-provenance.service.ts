import { Injectable } from '@nestjs/common';
import {
  gradeArticle,
  stripTags,
  type ArticleGrade,
  type ClaimCheck,
  type DisclosureRecord,
  type PublicArticleSource,
  type PublicProvenance,
  type SingleSource,
} from '@ai-mind/contracts';
import type { ArticleRow } from './article-row.js';
import { ArticleHistory } from './article-history.js';

/** What the module that keeps source sets and generation records knows of one article's making. */
export interface GenerationRecord {
  /** The engine or model in words, null when no generation was recorded. */
  engine: string | null;
  promptVersion: string | null;
  /** The body as generated, before any editor's change. */
  draftHtml: string | null;
  /** Null when no approved topic (and so no source set) is behind the article. */
  sources: PublicArticleSource[] | null;
  /**
   * The last claim check: its counts, how many flags are still open (neither resolved by an edit nor
   * overridden), and each override's editor (username) and time, which the history matches to the
   * publish or schedule step that made it, and so to its note.
   */
  claims: { checked: number; flagged: number; overridden: number; open: number; overrides: { by: string; at: string }[] } | null;
  /** The topic was approved as single-source (fewer independent outlets than required), with this note; absent or null otherwise. */
  singleSource?: SingleSource | null;
}

export type GenerationRecordReader = (articleId: number) => Promise<GenerationRecord | null>;
/** The article's last claim check, every claim with its passage (null: never checked). */
export type ClaimRecordReader = (articleId: number) => Promise<ClaimCheck | null>;

/** Who writes a draft with the AI: the built-in generator's job and the automation service. */
const AI_DRAFTERS = new Set(['job:blog-generate', 'automation']);

/** The share of words of `before` that are not in `after` or were added to it (word counts compared, not their order), 0 to 1. */
export function changedWordShare(before: string, after: string): number {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const a = words(before);
  const b = words(after);
  if (a.length === 0 && b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let kept = 0;
  for (const word of b) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      kept += 1;
      counts.set(word, left - 1);
    }
  }
  return Math.round((1 - kept / Math.max(a.length, b.length)) * 1000) / 1000;
}

/**
 * How an article was made, as readers are told: who drafted it, from which sources, with which engine
 * and prompt, which editor published it and when, how much editors changed of the AI's draft, and
 * its claim check. Built from the article's history; the source set, engine and claims come from the
 * module that keeps generation records (it registers its reader here: that module sits above the
 * article store). What is not on record is said in `unknown`, never guessed.
 */
@Injectable()
export class ArticleProvenanceService {
  private records: GenerationRecordReader = () => Promise.resolve(null);

  constructor(private readonly history: ArticleHistory) {}

  private recordsKnown = false;

  useGenerationRecords(reader: GenerationRecordReader): void {
    this.records = reader;
    this.recordsKnown = true;
  }

  /** Whether the generation records are read here (a grade computed without them would be wrong, not merely incomplete). */
  knowsGenerationRecords(): boolean {
    return this.recordsKnown;
  }

  /**
   * The records an article's AI involvement grade is computed from (DisclosureRecord): who drafted it,
   * how much of the AI's draft people changed, who took responsibility, the review steps and their
   * time, and the claim check with its overrides' notes.
   */
  async record(row: Pick<ArticleRow, 'id' | 'content'>): Promise<DisclosureRecord> {
    const [draft, review, record] = await Promise.all([this.history.firstDraft(row.id), this.history.reviewFacts(row.id), this.records(row.id)]);
    return this.disclosureRecord(row, draft, review, record);
  }

  /** The article's grade as its records now say (gradeArticle: the rule lives in the contracts' disclosure.ts only). */
  async grade(row: Pick<ArticleRow, 'id' | 'content'>): Promise<ArticleGrade> {
    return gradeArticle(await this.record(row));
  }

  private async disclosureRecord(
    row: Pick<ArticleRow, 'id' | 'content'>,
    draft: { actor: string; content: string } | null,
    review: Awaited<ReturnType<ArticleHistory['reviewFacts']>>,
    record: GenerationRecord | null,
  ): Promise<DisclosureRecord> {
    const drafter = draftedByAi(draft, record) ? 'ai' : draft?.actor.startsWith('admin:') ? 'person' : 'unknown';
    const aiDraft = record?.draftHtml ?? (drafter === 'ai' ? draft?.content : null);
    const claims = record?.claims ?? null;
    return {
      drafter,
      editedShare: aiDraft ? changedWordShare(stripTags(aiDraft), stripTags(row.content)) : null,
      responsibleEditor: review.editor,
      reviewStepTaken: review.firstReviewAt !== null,
      reviewMinutes: review.firstReviewAt && review.decidedAt ? Math.max(0, (review.decidedAt.getTime() - review.firstReviewAt.getTime()) / 60_000) : null,
      claims: claims && {
        checked: claims.checked,
        flagged: claims.flagged,
        overridden: claims.overridden,
        open: claims.open,
        overriddenWithoutNote: await this.history.overridesWithoutNote(row.id, claims.overrides),
      },
      singleSource: record?.singleSource ?? null,
    };
  }

  private claimRecords: ClaimRecordReader = () => Promise.resolve(null);

  /** Registered by the module that keeps the claim checks, like the generation records. */
  useClaimRecords(reader: ClaimRecordReader): void {
    this.claimRecords = reader;
  }

  /** The article's claims as last checked, for the page's notes on its cited sentences. */
  claimsOf(articleId: number): Promise<ClaimCheck | null> {
    return this.claimRecords(articleId);
  }

  async describe(row: Pick<ArticleRow, 'id' | 'content'>): Promise<PublicProvenance> {
    const [draft, published, record, review] = await Promise.all([
      this.history.firstDraft(row.id),
      this.history.lastPublished(row.id),
      this.records(row.id),
      this.history.reviewFacts(row.id),
    ]);
    const unknown: string[] = [];
    const draftedBy = draftedByAi(draft, record) ? 'ai' : 'unknown';
    if (draftedBy === 'unknown') unknown.push(draftOrigin(draft?.actor));

    const sources = record?.sources?.length ? record.sources : null;
    if (!sources) unknown.push('The sources it was written from were not recorded.');
    if (!record?.engine) unknown.push('The engine or model that wrote it was not recorded.');
    if (!record?.promptVersion) unknown.push('The prompt version was not recorded.');
    if (!record?.claims) unknown.push('Its claims were not checked against the sources.');

    const editor = published?.editor_name ?? null;
    if (!editor) unknown.push('No record names the editor who reviewed and published it.');
    const publishedAt = published ? new Date(published.created_at).toISOString() : null;
    if (!publishedAt) unknown.push('No record says when it was published.');

    // The draft as generated when it was recorded, else the article's first revision.
    const aiDraft = record?.draftHtml ?? (draftedBy === 'ai' ? draft?.content : null);
    const editedShare = aiDraft ? changedWordShare(stripTags(aiDraft), stripTags(row.content)) : null;
    return {
      draftedBy,
      sources,
      engine: record?.engine ?? null,
      promptVersion: record?.promptVersion ?? null,
      reviewedBy: editor,
      publishedAt,
      editedShare,
      claims: record?.claims ? { checked: record.claims.checked, flagged: record.claims.flagged, overridden: record.claims.overridden } : null,
      unknown,
      grade: gradeArticle(await this.disclosureRecord(row, draft, review, record)),
    };
  }
}

/** A generation record, or a first version written by the generator's job or the automation service. */
function draftedByAi(draft: { actor: string } | null, record: GenerationRecord | null): boolean {
  return Boolean(record?.engine || (draft && AI_DRAFTERS.has(draft.actor)));
}

function draftOrigin(actor: string | undefined): string {
  if (actor === 'demo-seed') return 'It comes from the demo content: no record says how its text was written.';
  if (actor?.startsWith('sql:')) return 'It was written into the database by hand: no record says how its text was written.';
  if (actor?.startsWith('admin:')) return 'An editor wrote its first version.';
  return 'No record says how its first version was written.';
}
