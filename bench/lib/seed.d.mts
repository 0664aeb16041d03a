// Types of what TypeScript code (the end-to-end suites) imports from seed.mjs.
/** Inserts published articles until the table holds `total` of them. */
export function seedArticles(databaseUrl: string, total: number): Promise<{ added: number }>;
