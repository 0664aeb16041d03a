// Words as the trending clusters and the claim check compare them; a module of its own so that the claim check's worker thread loads nothing else.

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from has have he her his how in into is it its new news of on or our ' +
    'says said say that the their them they this to was were what when where which who why will with after amid ' +
    'over under up down out about than then there these those more most not no can could would should may might ' +
    'just also first last one two three today report reports latest live update'
  ).split(' '),
);

/** Lower-cased words without accents, punctuation, stopwords or the commonest English endings. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

/** A word without the commonest English ending (as normalizeWords leaves its words). */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
