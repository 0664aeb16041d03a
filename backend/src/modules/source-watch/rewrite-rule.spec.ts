import { changedShare, changeKind } from './rewrite-rule.js';

const ORIGINAL =
  'Builders started the fewest homes in three years in October, as high borrowing costs squeezed housing developers across the country. ' +
  'Starts fell 7.5% from September to an annual pace of 1,210,000 homes, the statistics office said on Tuesday.';

describe('the rewrite rule: share of words changed (word-level diff)', () => {
  it('is 0 for the same words in the same order, whatever the case, spacing and punctuation between them', () => {
    expect(changedShare(ORIGINAL, ORIGINAL)).toBe(0);
    expect(changedShare(ORIGINAL, ORIGINAL.toUpperCase().replace(/ /g, '\n  '))).toBe(0);
    expect(changedShare('', '')).toBe(0);
  });

  it('counts a corrected figure as the few words it changed', () => {
    const corrected = ORIGINAL.replace('7.5%', '9.5%').replace('Tuesday', 'Wednesday');
    const share = changedShare(ORIGINAL, corrected);
    // 2 of its 38 words ("7.5%" is the word 7.5, "1,210,000" one word).
    expect(share).toBeCloseTo(2 / 38, 5);
    expect(changeKind(share, 0.5)).toBe('changed');
  });

  it('counts added and removed text against the longer version', () => {
    const added = `${ORIGINAL} Economists expect the slump to last until rates fall.`;
    // 9 words added to 38.
    expect(changedShare(ORIGINAL, added)).toBeCloseTo(9 / 47, 5);
    expect(changedShare(added, ORIGINAL)).toBeCloseTo(9 / 47, 5);
  });

  it('is 1 for texts with no word in common, and counts a retraction notice replacing the story as a rewrite', () => {
    expect(changedShare('alpha beta gamma', 'delta epsilon')).toBe(1);
    const retracted = 'This article has been withdrawn. An earlier version misreported the figures; we regret the error.';
    const share = changedShare(ORIGINAL, retracted);
    expect(share).toBeGreaterThan(0.9);
    expect(changeKind(share, 0.5)).toBe('rewritten');
  });

  it('counts words moved as changed, as a diff shows them', () => {
    expect(changedShare('one two three four', 'three four one two')).toBe(0.5);
  });

  it('decides at the threshold: at or above it is a rewrite', () => {
    expect(changeKind(0.5, 0.5)).toBe('rewritten');
    expect(changeKind(0.4999, 0.5)).toBe('changed');
    expect(changeKind(0.3, 0.25)).toBe('rewritten');
  });

  it('measures long texts changed at their start, middle and end', () => {
    const long = Array.from({ length: 1_400 }, (_, i) => `word${i % 700}`).join(' ');
    // word1 is 2 of the 1,400 words (the 2nd and the 702nd).
    expect(changedShare(long, long.replace(/\bword1\b/g, 'changed'))).toBeCloseTo(2 / 1_400, 5);
    expect(changedShare(long, `new ${long} end`)).toBeCloseTo(2 / 1_402, 5);
    expect(changedShare(long, long.replace(/^word0 /, '').replace(/ word699$/, ''))).toBeCloseTo(2 / 1_400, 5);
  });
});
