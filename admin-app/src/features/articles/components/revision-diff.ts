import { stripTags } from '@ai-mind/contracts';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** An article body as readable paragraphs: one per block element, tags dropped. */
export function paragraphs(html: string): string[] {
  return html
    .split(/<\/?(?:p|h[1-6]|li|blockquote|pre|div|br)\b[^>]*>/i)
    .map((part) => stripTags(part))
    .filter(Boolean);
}

/**
 * What changed from `before` to `after`, unit by unit (paragraphs, or words of a short text), by
 * their longest common subsequence: kept units once, removed ones then added ones where they differ.
 */
export function diffUnits(before: string[], after: string[]): DiffPart[] {
  const rows = before.length;
  const cols = after.length;
  const common: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      common[i]![j] = before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && before[i] === after[j]) {
      parts.push({ kind: 'same', text: before[i]! });
      i++;
      j++;
    } else if (j >= cols || (i < rows && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      parts.push({ kind: 'removed', text: before[i++]! });
    } else {
      parts.push({ kind: 'added', text: after[j++]! });
    }
  }
  return parts;
}

/** A short text (title, meta description) compared word by word. */
export const diffWords = (before: string, after: string) => diffUnits(before.split(/\s+/).filter(Boolean), after.split(/\s+/).filter(Boolean));
