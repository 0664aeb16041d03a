import { AI_GRADE_LABELS, gradeArticle, SINGLE_SOURCE_GRADE_LABELS, SUBSTANTIVE_REVIEW, type DisclosureRecord } from './disclosure.js';
import { gradedDescription } from './grade-text.js';

/** An AI draft reviewed by the book: a named editor, a review step, every claim examined, time and edits. */
const reviewed: DisclosureRecord = {
  drafter: 'ai',
  editedShare: 0.1,
  responsibleEditor: { accountId: 7, name: 'Dana Reyes' },
  reviewStepTaken: true,
  reviewMinutes: 12,
  claims: { checked: 6, flagged: 2, overridden: 1, open: 0, overriddenWithoutNote: 0 },
};

describe('gradeArticle', () => {
  it('grades an AI draft reviewed by the book as reviewed, every check met, without the disclosure', () => {
    const grade = gradeArticle(reviewed);
    expect(grade).toMatchObject({ grade: 'ai-reviewed', label: AI_GRADE_LABELS['ai-reviewed'], disclosed: false });
    expect(grade.checks.map((check) => check.met)).toEqual([true, true, true, true]);
    expect(grade.checks[0]!.detail).toBe('published by Dana Reyes');
  });

  it.each<[string, Partial<DisclosureRecord>, string]>([
    ['no person with an account published it', { responsibleEditor: null }, 'no person with an account published it'],
    ['it was published without a review step', { reviewStepTaken: false, reviewMinutes: null }, 'published without a review step'],
    ['a flag is still open', { claims: { checked: 6, flagged: 2, overridden: 1, open: 1, overriddenWithoutNote: 0 } }, '1 still open'],
    [
      'a flag was overridden without a note',
      { claims: { checked: 6, flagged: 2, overridden: 2, open: 0, overriddenWithoutNote: 1 } },
      '1 overridden without a note',
    ],
    ['its claims were never checked', { claims: null }, 'its claims were not checked against the sources'],
    ['it was skimmed: under the time and with no edits', { reviewMinutes: SUBSTANTIVE_REVIEW.minReviewMinutes - 1, editedShare: 0 }, '0% of the words changed'],
  ])('discloses an AI draft when %s', (_case, change, detail) => {
    const grade = gradeArticle({ ...reviewed, ...change });
    expect(grade).toMatchObject({ grade: 'ai-unreviewed', label: 'AI-generated', disclosed: true });
    const unmet = grade.checks.filter((check) => !check.met);
    expect(unmet).toHaveLength(1);
    expect(unmet[0]!.detail).toContain(detail);
  });

  it('counts either the time in review or the edits, at their thresholds', () => {
    const atTime = { ...reviewed, editedShare: 0, reviewMinutes: SUBSTANTIVE_REVIEW.minReviewMinutes };
    const atEdits = { ...reviewed, editedShare: SUBSTANTIVE_REVIEW.minEditedShare, reviewMinutes: 0 };
    expect(gradeArticle(atTime).grade).toBe('ai-reviewed');
    expect(gradeArticle(atEdits).grade).toBe('ai-reviewed');
    expect(gradeArticle({ ...atEdits, editedShare: SUBSTANTIVE_REVIEW.minEditedShare / 2 }).grade).toBe('ai-unreviewed');
  });

  it('grades an AI draft people rewrote for the most part, under a named editor, as written with AI help', () => {
    const rewritten = { ...reviewed, editedShare: SUBSTANTIVE_REVIEW.humanRewriteShare, reviewStepTaken: false, claims: null };
    expect(gradeArticle(rewritten)).toMatchObject({ grade: 'human-ai-assisted', label: 'Written by a person with AI help', disclosed: false });
    // Without a named editor no one answers for it: the AI's text, disclosed.
    expect(gradeArticle({ ...rewritten, responsibleEditor: null }).grade).toBe('ai-unreviewed');
  });

  it("grades a person's own first version as written by a person", () => {
    const own: DisclosureRecord = { drafter: 'person', editedShare: null, responsibleEditor: null, reviewStepTaken: false, reviewMinutes: null, claims: null };
    expect(gradeArticle(own)).toMatchObject({ grade: 'human', label: 'Written by a person', disclosed: false });
  });

  it("treats an article of unrecorded origin (the demo seed, SQL) as the AI's: never written by a person, disclosed unless reviewed", () => {
    const unknown: DisclosureRecord = {
      drafter: 'unknown',
      editedShare: null,
      responsibleEditor: null,
      reviewStepTaken: false,
      reviewMinutes: null,
      claims: null,
    };
    expect(gradeArticle(unknown)).toMatchObject({ grade: 'ai-unreviewed', disclosed: true });
    // Even rewritten under an editor, with no AI draft to compare, it is never 'human-ai-assisted' or 'human'.
    expect(gradeArticle({ ...unknown, responsibleEditor: { accountId: 1, name: 'Sam' } }).grade).toBe('ai-unreviewed');
  });
});

describe('gradedDescription', () => {
  const text = 'Grid queues grow across the region, and developers wait for years before a connection is offered.';

  it('puts the EU disclosure first, where no cut can drop it', () => {
    const described = gradedDescription(text.repeat(3), { label: 'AI-generated', disclosed: true }, 155);
    expect(described.startsWith('AI-generated. Grid queues grow')).toBe(true);
    expect(described.length).toBeLessThanOrEqual(155 + '...'.length); // truncate's ellipsis follows the cut, as it always did here
  });

  it("puts another grade's label after the text, within the length", () => {
    const described = gradedDescription(text.repeat(3), { label: 'Written by a person', disclosed: false }, 155);
    expect(described.endsWith('(Written by a person)')).toBe(true);
    expect(described.length).toBeLessThanOrEqual(155 + '...'.length); // truncate's ellipsis follows the cut, as it always did here
  });

  it('leaves the text as it was without a grade', () => {
    expect(gradedDescription(text, undefined, 155)).toBe(text);
  });
});

describe('a single-source approval', () => {
  const single = { note: 'Only one outlet has it yet.', independentOutlets: 1 };

  it("says so in every grade's label, and keeps the grade the review earned", () => {
    const reviewedSingle = gradeArticle({ ...reviewed, singleSource: single });
    expect(reviewedSingle).toMatchObject({ grade: 'ai-reviewed', label: SINGLE_SOURCE_GRADE_LABELS['ai-reviewed'], disclosed: false, singleSource: single });
    const unreviewedSingle = gradeArticle({ ...reviewed, responsibleEditor: null, singleSource: single });
    expect(unreviewedSingle).toMatchObject({ grade: 'ai-unreviewed', label: 'AI-generated from a single source', disclosed: true });
    // The EU disclosure still comes first in a link preview.
    expect(gradedDescription('Queues grow.', unreviewedSingle, 200)).toBe('AI-generated from a single source. Queues grow.');
  });

  it('is not claimed without the approval', () => {
    expect(gradeArticle({ ...reviewed, singleSource: null })).toMatchObject({ label: AI_GRADE_LABELS['ai-reviewed'], singleSource: null });
  });
});
