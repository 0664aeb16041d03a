// The security and resilience suites' tally, for the one line `npm test` prints at the end: how many
// attacks were tried and how many succeeded, how many faults were injected and how many acknowledged
// writes were lost. Each test file records its own totals under .test-results/security/<suite>.json.
import fs from 'node:fs';
import path from 'node:path';

const LEDGER_DIR = new URL('../../.test-results/security/', import.meta.url).pathname;
const ZERO = { attacksTried: 0, attacksSucceeded: 0, faultsInjected: 0, writesLost: 0 };

/** Adds `counts` to `suite`'s totals (a test file may record several times). */
export function recordSecurity(suite, counts) {
  fs.mkdirSync(LEDGER_DIR, { recursive: true });
  const file = path.join(LEDGER_DIR, `${suite.replace(/[^\w.-]/g, '_')}.json`);
  const totals = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { ...ZERO };
  for (const key of Object.keys(ZERO)) totals[key] += counts[key] ?? 0;
  fs.writeFileSync(file, JSON.stringify(totals));
}

/** Every suite's totals added up. */
export function securityTotals() {
  const totals = { ...ZERO };
  const files = fs.existsSync(LEDGER_DIR) ? fs.readdirSync(LEDGER_DIR) : [];
  for (const file of files) {
    const counts = JSON.parse(fs.readFileSync(path.join(LEDGER_DIR, file), 'utf8'));
    for (const key of Object.keys(ZERO)) totals[key] += counts[key] ?? 0;
  }
  return { ...totals, suites: files.length };
}

export function securitySummaryLine() {
  const t = securityTotals();
  return (
    `security: ${t.attacksTried} attacks tried, ${t.attacksSucceeded} succeeded; ` +
    `${t.faultsInjected} faults injected, ${t.writesLost} acknowledged writes lost`
  );
}
