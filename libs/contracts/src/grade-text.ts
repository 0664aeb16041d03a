import { truncate } from './text.js';

/**
 * A description carrying an article's AI involvement label within `length` characters (link previews):
 * the EU "AI-generated" disclosure first, so no cut drops it; another grade's label after the text,
 * quieter. Without a grade, the text as it was. (No zod here: the public site's bundle imports it.)
 */
export function gradedDescription(text: string, grade: { label: string; disclosed: boolean } | undefined, length: number): string {
  if (!grade) return truncate(text, length, '...');
  if (grade.disclosed) return truncate(`${grade.label}. ${text}`, length, '...');
  const suffix = ` (${grade.label})`;
  return `${truncate(text, Math.max(0, length - suffix.length), '...')}${suffix}`;
}
