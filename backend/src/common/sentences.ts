/**
 * Splits text into sentences: at . ! or ? followed by a space and a capital, a digit or an opening
 * quote. A reference marker after the stop ("... rose. [2] Next") stays with its sentence. The offline
 * writer and the claim check split alike, so a sentence taken from a source is found in it again.
 */
export function splitSentences(text: string): string[] {
  const tidy = text.replace(/\s+/g, ' ').trim();
  if (!tidy) return [];
  return tidy
    .split(/(?<=[.!?]["'”’)]?(?:\s*\[\d{1,3}\])*)\s+(?=["“'‘(]?[\p{Lu}\d])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
