import { stripTags, truncate, type StoryChange } from '@ai-mind/contracts';

/** Paragraphs compared per version: a longer body is compared on its first ones (bounded work per page). */
const MAX_PARAGRAPHS = 300;
/** Words compared per changed paragraph. */
const MAX_WORDS = 200;
/** Excerpts shown per kind of change, and how long each is. */
const MAX_EXCERPTS = 5;
const EXCERPT_CHARS = 160;

/** A version of an article as a reader read it. */
export interface ArticleVersion {
  title: string;
  content: string;
}

/** An article body as readable paragraphs: one per block element, tags dropped. */
export function paragraphsOf(html: string): string[] {
  return html
    .split(/<\/?(?:p|h[1-6]|li|blockquote|pre|div|br|figcaption|td|th)\b[^>]*>/i)
    .map((part) => stripTags(part))
    .filter(Boolean)
    .slice(0, MAX_PARAGRAPHS);
}

type Step<T> = { kind: 'same' | 'added' | 'removed'; value: T };

/** The longest-common-subsequence steps from `before` to `after` (removed before added where they differ). */
function diff<T>(before: readonly T[], after: readonly T[]): Step<T>[] {
  const rows = before.length;
  const cols = after.length;
  const common: Uint16Array[] = Array.from({ length: rows + 1 }, () => new Uint16Array(cols + 1));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      common[i]![j] = before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const steps: Step<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && before[i] === after[j]) {
      steps.push({ kind: 'same', value: before[i]! });
      i++;
      j++;
    } else if (j >= cols || (i < rows && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      steps.push({ kind: 'removed', value: before[i++]! });
    } else {
      steps.push({ kind: 'added', value: after[j++]! });
    }
  }
  return steps;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

/** The share of words two paragraphs have in common (0 to 1): above a half, one was edited into the other. */
function likeness(a: string, b: string): number {
  const steps = diff(words(a), words(b));
  const same = steps.filter((step) => step.kind === 'same').length;
  return (2 * same) / Math.max(1, words(a).length + words(b).length);
}

/**
 * An edited paragraph told by its changed words, with a few words around them: "…is 2 GW long…"
 * before and "…is 20 GW long…" after. Runs of unchanged words between changes collapse to "…".
 */
function changedWords(before: string, after: string): { before: string; after: string } {
  const steps = diff(words(before), words(after));
  const side = (keep: 'removed' | 'added') => {
    const shown = steps.filter((step) => step.kind !== (keep === 'removed' ? 'added' : 'removed'));
    const near = new Set<number>();
    shown.forEach((step, index) => {
      if (step.kind === keep) for (let k = index - 3; k <= index + 3; k++) near.add(k);
    });
    const parts: string[] = [];
    let gap = false;
    shown.forEach((step, index) => {
      if (near.has(index)) {
        if (gap || (parts.length === 0 && index > 0)) parts.push('…');
        parts.push(step.value);
        gap = false;
      } else gap = true;
    });
    if (gap && parts.length > 0) parts.push('…');
    return truncate(parts.join(' ').replace(/… /g, '…').replace(/ …/g, '…'), EXCERPT_CHARS, '…');
  };
  return { before: side('removed'), after: side('added') };
}

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

/**
 * What changed between two published versions of an article, as a reader would want it told: the
 * title, and the paragraphs added, removed and changed (an added and a removed paragraph side by side
 * that share most of their words are one changed paragraph). Null when the text is the same.
 */
export function storyChange(before: ArticleVersion, after: ArticleVersion): StoryChange | null {
  const title = before.title.trim() === after.title.trim() ? null : { before: before.title, after: after.title };
  const steps = diff(paragraphsOf(before.content), paragraphsOf(after.content));
  const added: string[] = [];
  const removed: string[] = [];
  const changed: { before: string; after: string }[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === 'same') continue;
    // A run of removed paragraphs then a run of added ones: pair them in order where they are alike.
    if (step.kind === 'removed') {
      const gone: string[] = [];
      while (i < steps.length && steps[i]!.kind === 'removed') gone.push(steps[i++]!.value);
      const come: string[] = [];
      while (i < steps.length && steps[i]!.kind === 'added') come.push(steps[i++]!.value);
      i--;
      const pairs = Math.min(gone.length, come.length);
      for (let k = 0; k < Math.max(gone.length, come.length); k++) {
        if (k < pairs && likeness(gone[k]!, come[k]!) >= 0.5) changed.push(changedWords(gone[k]!, come[k]!));
        else {
          if (k < gone.length) removed.push(gone[k]!);
          if (k < come.length) added.push(come[k]!);
        }
      }
    } else added.push(step.value);
  }
  if (!title && added.length === 0 && removed.length === 0 && changed.length === 0) return null;
  const counts = [
    title ? 'title changed' : null,
    added.length ? `${plural(added.length, 'paragraph')} added` : null,
    removed.length ? `${plural(removed.length, 'paragraph')} removed` : null,
    changed.length ? `${plural(changed.length, 'paragraph')} changed` : null,
  ].filter((part): part is string => part !== null);
  const summary = counts.join(', ');
  const excerpt = (text: string) => truncate(text, EXCERPT_CHARS, '…');
  return {
    summary: summary.charAt(0).toUpperCase() + summary.slice(1),
    title,
    added: added.slice(0, MAX_EXCERPTS).map(excerpt),
    removed: removed.slice(0, MAX_EXCERPTS).map(excerpt),
    changed: changed.slice(0, MAX_EXCERPTS),
  };
}
