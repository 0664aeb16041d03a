import { stripTags } from '@ai-mind/contracts';

/** A draft with less readable text than this is broken, not short. */
export const MIN_DRAFT_TEXT_CHARS = 200;
const PLACEHOLDERS = /lorem ipsum|\b(?:todo|tbd)\b|\[insert|content goes here|placeholder text/i;

const normalTitle = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');

export interface DraftLike {
  title: string;
  content: string;
}

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'wbr', 'source', 'col', 'area', 'input', 'meta', 'link']);

/**
 * Markup that did not survive generation or transport: a tag cut off before its '>' or a closing tag
 * with no matching open element. (Unclosed <p> and <li> are valid HTML and pass.)
 */
export function hasBrokenMarkup(html: string): boolean {
  if (/<\/?[a-z][^<>]*(?:<|$)/i.test(html)) return true;
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    const tag = name!.toLowerCase();
    if (VOID_ELEMENTS.has(tag)) continue;
    if (!closing) {
      open.push(tag);
      continue;
    }
    const at = open.lastIndexOf(tag);
    if (at === -1) return true;
    open.length = at;
  }
  return false;
}

/**
 * Why a draft cannot be published as it is, or null: no title, almost no text, broken markup,
 * placeholder text left in, or the same title as an article already published. These are the criteria
 * of "Clear Problematic Blogs".
 */
export function draftProblem(draft: DraftLike, publishedTitles: ReadonlySet<string>): string | null {
  const title = normalTitle(draft.title);
  if (!title || title === 'untitled') return 'missing title';
  const text = stripTags(draft.content);
  if (text.length < MIN_DRAFT_TEXT_CHARS) return `under ${MIN_DRAFT_TEXT_CHARS} characters of text`;
  if (hasBrokenMarkup(draft.content)) return 'broken HTML markup';
  if (PLACEHOLDERS.test(text) || PLACEHOLDERS.test(draft.title)) return 'placeholder text';
  if (publishedTitles.has(title)) return 'duplicate of a published article';
  return null;
}

export function publishedTitleSet(titles: string[]): Set<string> {
  return new Set(titles.map(normalTitle));
}
