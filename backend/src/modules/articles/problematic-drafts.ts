import { stripTags } from '@ai-mind/contracts';

/** A draft with less readable text than this is broken, not short. */
export const MIN_DRAFT_TEXT_CHARS = 200;
const PLACEHOLDERS = /lorem ipsum|\b(?:todo|tbd)\b|\[insert|content goes here|placeholder text/i;

const normalTitle = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');

export interface DraftLike {
  title: string;
  content: string;
}

/**
 * Why a draft cannot be published as it is, or null: no title, almost no text, placeholder text left
 * in, or the same title as an article already published. These are the criteria of
 * "Clear Problematic Blogs".
 */
export function draftProblem(draft: DraftLike, publishedTitles: ReadonlySet<string>): string | null {
  const title = normalTitle(draft.title);
  if (!title || title === 'untitled') return 'missing title';
  const text = stripTags(draft.content);
  if (text.length < MIN_DRAFT_TEXT_CHARS) return `under ${MIN_DRAFT_TEXT_CHARS} characters of text`;
  if (PLACEHOLDERS.test(text) || PLACEHOLDERS.test(draft.title)) return 'placeholder text';
  if (publishedTitles.has(title)) return 'duplicate of a published article';
  return null;
}

export function publishedTitleSet(titles: string[]): Set<string> {
  return new Set(titles.map(normalTitle));
}
