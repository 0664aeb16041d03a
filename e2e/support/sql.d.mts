// Types of what the TypeScript suites import from sql.mjs.
/** Runs one statement on its own connection and answers its rows. */
export function sql<T = Record<string, unknown>>(databaseUrl: string, text: string, params?: unknown[]): Promise<T[]>;
/** Applies the build's migrations to an empty database, as `npm start` does before it starts the product. */
export function migrate(databaseUrl: string): Promise<void>;
