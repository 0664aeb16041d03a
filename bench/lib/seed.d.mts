// Types of what TypeScript code (the end-to-end suites) imports from seed.mjs.
/**
 * Inserts published articles until the table holds `total` of them, each with `paragraphs.fewest` to
 * `paragraphs.most` paragraphs (5 to 9, 3-6 KB of HTML, by default).
 */
export function seedArticles(databaseUrl: string, total: number, options?: { paragraphs?: { fewest: number; most: number } }): Promise<{ added: number }>;
