/** Words too common to say what a text is about (four letters or more: shorter words never count). */
export const STOPWORDS = new Set(
  "about above after again against also because been before being below between both could does doing down during each from further have having here into itself just like more most much must only other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours what's tell think know please really article anything something everything explain said says used".split(
    ' ',
  ),
);

/** Content words of a text, in order of first appearance. */
export function keywords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 3 && !STOPWORDS.has(word)))];
}
