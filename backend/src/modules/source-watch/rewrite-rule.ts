/**
 * How much of a source changed, measured on its words (docs/source-watch.md#the-rule): the words of
 * the text kept when the article was written and of the text now, in order, lower-cased; the words
 * they keep in common are their longest common subsequence (what a word-level diff leaves unmarked).
 * The share changed is 1 - common / (the longer text's word count): 0 for the same words in the same
 * order, 1 for nothing in common. A word moved counts as changed, as a diff shows it.
 */
export function changedShare(before: string, after: string): number {
  const a = words(before);
  const b = words(after);
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  return 1 - commonWords(a, b) / longer;
}

/** Whether a changed text counts as rewritten: at least `threshold` (SOURCE_WATCH_REWRITE_SHARE) of its words changed. */
export function changeKind(share: number, threshold: number): 'changed' | 'rewritten' {
  return share >= threshold ? 'rewritten' : 'changed';
}

/** The most words compared of each text: a source's text is capped at 30,000 characters, about 5,000 words. */
const MAX_WORDS = 6_000;

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.,][\p{L}\p{N}]+)*/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * The length of the longest common subsequence: the common start and end counted first (a correction
 * leaves most of a page as it was), the middle in two rows of the dynamic programme (O(n·m) time, O(m) memory).
 */
function commonWords(a: readonly string[], b: readonly string[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  // Words as small integers, so the inner loop compares numbers.
  const ids = new Map<string, number>();
  const id = (word: string) => ids.get(word) ?? (ids.set(word, ids.size), ids.size - 1);
  const x = Int32Array.from(a.slice(start, a.length - end), id);
  const y = Int32Array.from(b.slice(start, b.length - end), id);
  let previous = new Int32Array(y.length + 1);
  let current = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    const word = x[i - 1]!;
    for (let j = 1; j <= y.length; j++) {
      current[j] = word === y[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return start + end + previous[y.length]!;
}
