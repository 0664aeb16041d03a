/** `%term%` for ILIKE: the term's own `%`, `_` and `\` are taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
