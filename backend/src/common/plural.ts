/** `1 article`, `2 articles`: a count and its noun, for the messages the admin routes answer with. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
