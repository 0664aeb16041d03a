import { Injectable } from '@nestjs/common';
import {
  absoluteUrl,
  articleCanonicalPath,
  type ArticleGrade,
  type EvidenceLabel,
  type EvidenceQuery,
  type EvidenceRecord,
  type EvidenceStep,
} from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ArticleProvenanceService } from '../articles/index.js';
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
    const [steps, claims, made] = await Promise.all([this.reader.steps(row.id), this.reader.claims(row.id), this.provenance.describe(row)]);
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
      labels: this.labelsOf(grade, publishedAt),
    };
  }

  /**
   * The labels readers were shown, oldest first, and since when. Until the grade history is kept, the
   * record can date only one: the current grade's label, shown since the publication.
   */
  private labelsOf(grade: ArticleGrade, publishedAt: string | null): EvidenceLabel[] {
    return publishedAt ? [{ grade: grade.grade, label: grade.label, disclosed: grade.disclosed, since: publishedAt }] : [];
  }
}

/** The step that last published the article: a publish, or the creation of an article already published. */
function lastPublication(steps: EvidenceStep[]): EvidenceStep | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.action === 'publish' || (step.stageFrom === null && step.stageTo === 'published')) return step;
  }
  return null;
}
