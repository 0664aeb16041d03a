import { Injectable } from '@nestjs/common';
import {
  absoluteUrl,
  articleCanonicalPath,
  type ArticleGrade,
  type EvidenceLabel,
  type EvidenceQuery,
  type EvidenceRecord,
  type EvidenceStep,
  type GradeChange,
} from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ArticleDisclosureService, ArticleProvenanceService } from '../articles/index.js';
import { EvidenceReader, type EvidenceArticleRow } from './evidence.reader.js';

const DAY_MS = 86_400_000;

/** The records an export covers, one article or a period, in order of article id (none for an article that does not exist). */
export type EvidenceRecords = AsyncGenerator<EvidenceRecord>;

/**
 * The evidence behind each article's grade, gathered from the records: the article, its grade with each
 * rule met or not, its responsible editor, every revision of its history (who, what, the stage change,
 * when, the note), its claim check with each flagged claim and the note it was overridden with, the
 * share of the AI draft changed, its corrections, and the labels readers were shown. A period is read
 * in batches and each article's record is built and handed on before the next is read, so an export
 * of any archive holds one batch of rows at a time.
 */
@Injectable()
export class EvidenceExportService {
  constructor(
    private readonly reader: EvidenceReader,
    private readonly provenance: ArticleProvenanceService,
    private readonly disclosure: ArticleDisclosureService,
    @InjectConfig('site') private readonly site: ConfigSlice<'site'>,
  ) {}

  /** Whether the one article exists (checked before a download starts, so a missing one is a 404, not an empty file). */
  async exists(articleId: number): Promise<boolean> {
    return (await this.reader.article(articleId)) !== null;
  }

  async *records(query: EvidenceQuery): EvidenceRecords {
    if (query.article !== undefined) {
      const row = await this.reader.article(query.article);
      if (row) yield await this.record(row);
      return;
    }
    const from = new Date(`${query.from!}T00:00:00Z`);
    const until = new Date(Date.parse(`${query.to!}T00:00:00Z`) + DAY_MS);
    for await (const row of this.reader.publishedIn(from, until)) yield await this.record(row);
  }

  async record(row: EvidenceArticleRow): Promise<EvidenceRecord> {
    const [steps, claims, made, history] = await Promise.all([
      this.reader.steps(row.id),
      this.reader.claims(row.id),
      this.provenance.describe(row),
      this.disclosure.gradeHistory(row.id),
    ]);
    const published = lastPublication(steps);
    const publishedAt = made.publishedAt ?? published?.at ?? null;
    // The grade as readers are shown it: computed by the article's provenance with the one rule (gradeArticle).
    const grade = made.grade;
    return {
      article: {
        id: row.id,
        title: row.title,
        url: absoluteUrl(articleCanonicalPath(row), this.site.publicUrl),
        stage: row.stage,
        publishedAt,
      },
      grade: { grade: grade.grade, label: grade.label, disclosed: grade.disclosed, checks: grade.checks },
      responsibleEditor: made.reviewedBy,
      editedShare: made.editedShare,
      steps,
      claims,
      corrections: (row.corrections ?? []).map(({ id, kind, text, createdAt }) => ({ id, kind, text, createdAt })),
      labels: labelsShown(steps, history, grade, publishedAt),
    };
  }
}

/**
 * The labels readers were shown, oldest first: from when (`since`) to when (`until`, null while it is
 * still shown). The grade's changes are kept after each committed change of the article or its claims
 * (ArticleDisclosureService.gradeHistory), drafts' included; readers saw a label only while the article
 * was published, so the changes are laid over the history's publications: a label starts when the
 * article is published with it or its grade changes while published, and ends at the next change or an
 * unpublishing. An article with no change kept (published before grades were kept, and not changed
 * since) has its current label from its publication: the only date the record gives it.
 */
export function labelsShown(steps: EvidenceStep[], history: GradeChange[], current: ArticleGrade, publishedAt: string | null): EvidenceLabel[] {
  if (history.length === 0) {
    return publishedAt ? [{ grade: current.grade, label: current.label, disclosed: current.disclosed, since: publishedAt, until: null, revisionId: null }] : [];
  }
  type Event = { at: number; published?: boolean; grade?: GradeChange; revisionId: number | null };
  const events: Event[] = [
    ...steps.map((step) => ({ at: Date.parse(step.at), published: step.stageTo === 'published', revisionId: step.revisionId })),
    ...history.map((change) => ({ at: Date.parse(change.since), grade: change, revisionId: change.revisionId })),
  ];
  // In time order; at the same instant, the article's change before the grade it led to.
  events.sort((a, b) => a.at - b.at || Number(a.grade !== undefined) - Number(b.grade !== undefined));
  const labels: EvidenceLabel[] = [];
  let published = false;
  let grade: GradeChange | null = null;
  for (const event of events) {
    const wasShown = published && grade ? grade : null;
    if (event.published !== undefined) published = event.published;
    if (event.grade) grade = event.grade;
    const shown = published && grade ? grade : null;
    if (wasShown === shown || (wasShown && shown && wasShown.grade === shown.grade)) continue;
    const at = new Date(event.at).toISOString();
    if (wasShown) labels[labels.length - 1]!.until = at;
    if (shown) labels.push({ grade: shown.grade, label: shown.label, disclosed: shown.disclosed, since: at, until: null, revisionId: event.revisionId });
  }
  return labels;
}

/** The step that last published the article: a publish, or the creation of an article already published. */
function lastPublication(steps: EvidenceStep[]): EvidenceStep | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.action === 'publish' || (step.stageFrom === null && step.stageTo === 'published')) return step;
  }
  return null;
}
