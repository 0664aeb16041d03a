/** Why a comment was refused, in words for the person who wrote it; null when it may be posted. */
export function spamReason(content: string): string | null {
  const links = content.match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? [];
  if (links.length > 2) return 'This comment looks like spam: please keep it to at most two links.';
  const words = content.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length >= 12 && new Set(words).size / words.length < 0.3) return 'This comment looks like spam: it repeats the same words over and over.';
  if (/(.)\1{24,}/u.test(content)) return 'This comment looks like spam: it repeats one character over and over.';
  return null;
}
