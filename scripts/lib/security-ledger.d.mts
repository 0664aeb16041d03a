// Types of what TypeScript test code imports from security-ledger.mjs.
export interface SecurityCounts {
  attacksTried?: number;
  attacksSucceeded?: number;
  faultsInjected?: number;
  writesLost?: number;
}
/** Adds `counts` to `suite`'s totals (a test file may record several times). */
export function recordSecurity(suite: string, counts: SecurityCounts): void;
export function securityTotals(): Required<SecurityCounts> & { suites: number };
export function securitySummaryLine(): string;
