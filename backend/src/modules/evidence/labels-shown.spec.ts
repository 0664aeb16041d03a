import type { ArticleGrade, EvidenceStep, GradeChange } from '@ai-mind/contracts';
import { labelsShown } from './evidence-export.service.js';

const step = (revisionId: number, at: string, stageTo: string): EvidenceStep => ({
  revisionId,
  at: `2026-11-0${at}Z`,
  actor: 'admin:dana',
  action: 'update',
  stageFrom: null,
  stageTo,
  note: null,
});
const change = (grade: GradeChange['grade'], at: string, revisionId: number): GradeChange => ({
  grade,
  label: grade,
  disclosed: grade === 'ai-unreviewed',
  since: `2026-11-0${at}Z`,
  revisionId,
});
const current: ArticleGrade = { grade: 'ai-reviewed', label: 'ai-reviewed', disclosed: false, checks: [] };

describe('labelsShown: the labels readers saw, from the grade changes laid over the publications', () => {
  it("leaves out a draft's grades, starts at the publication, ends at a change or an unpublishing", () => {
    const steps = [
      step(1, '1T10:00:00.000', 'draft'),
      step(2, '2T10:00:00.000', 'published'),
      step(5, '4T10:00:00.000', 'draft'),
      step(6, '5T10:00:00.000', 'published'),
    ];
    const history = [change('ai-unreviewed', '1T10:00:00.001', 1), change('ai-reviewed', '3T10:00:00.000', 4)];
    expect(labelsShown(steps, history, current, null)).toEqual([
      { grade: 'ai-unreviewed', label: 'ai-unreviewed', disclosed: true, since: '2026-11-02T10:00:00.000Z', until: '2026-11-03T10:00:00.000Z', revisionId: 2 },
      { grade: 'ai-reviewed', label: 'ai-reviewed', disclosed: false, since: '2026-11-03T10:00:00.000Z', until: '2026-11-04T10:00:00.000Z', revisionId: 4 },
      { grade: 'ai-reviewed', label: 'ai-reviewed', disclosed: false, since: '2026-11-05T10:00:00.000Z', until: null, revisionId: 6 },
    ]);
  });

  it('dates the current label from the publication when no change of the grade was kept', () => {
    expect(labelsShown([step(1, '1T10:00:00.000', 'published')], [], current, '2026-11-01T10:00:00.000Z')).toEqual([
      { grade: 'ai-reviewed', label: 'ai-reviewed', disclosed: false, since: '2026-11-01T10:00:00.000Z', until: null, revisionId: null },
    ]);
    expect(labelsShown([step(1, '1T10:00:00.000', 'draft')], [], current, null)).toEqual([]);
  });
});
