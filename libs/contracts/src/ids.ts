/**
 * The largest id PostgreSQL's `integer` columns hold. A larger number names nothing of ours; the
 * schemas refuse it as bad input (a clear 400) rather than let a statement fail on it.
 */
export const MAX_ROW_ID = 2_147_483_647;
