import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../src/config/app-config.js';
import { attackTally } from './attack-tally.js';

interface AuditException {
  /** The advisory's URL (https://github.com/advisories/GHSA-...). */
  advisory: string;
  package: string;
  reason: string;
}

interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; via: (string | { url?: string; title?: string; severity?: string; name?: string })[] }>;
}

const EXCEPTIONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audit-exceptions.json');
const exceptions = (JSON.parse(fs.readFileSync(EXCEPTIONS_FILE, 'utf8')) as { exceptions: AuditException[] }).exceptions;
const SERIOUS = new Set(['high', 'critical']);

/** High and critical advisories in an `npm audit --json` report that the exceptions file does not excuse. */
export function unexcusedAdvisories(report: AuditReport, excused: AuditException[]): string[] {
  const found = new Set<string>();
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      if (typeof via === 'string' || !SERIOUS.has(via.severity ?? '')) continue;
      if (excused.some((e) => e.advisory === via.url)) continue;
      found.add(`${via.name ?? name}: ${via.title} (${via.severity}) ${via.url}`);
    }
  }
  return [...found];
}

/** `npm audit` against the registry; null when the registry answers no audit (an offline mirror). */
function audit(args: string[]): { report: AuditReport | null; note: string } {
  const run = spawnSync('npm', ['audit', '--json', ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });
  try {
    const report = JSON.parse(run.stdout) as AuditReport & { error?: unknown; statusCode?: number; message?: string };
    if (report.vulnerabilities) return { report, note: '' };
    return { report: null, note: report.message ?? String(run.stderr).slice(0, 300) };
  } catch {
    return { report: null, note: `npm audit gave no report: ${String(run.stderr).slice(0, 300)}` };
  }
}

const tally = attackTally('dependencies');
const production = audit(['--omit=dev']);
const full = production.report ? audit([]) : production;
// A registry that cannot audit (it answers 405 to the bulk advisory call) leaves the check skipped, visibly.
const withRegistry = production.report ? it : it.skip;

describe('dependencies: npm audit at high severity', () => {
  it('lists every exception with its package and a reason', () => {
    for (const exception of exceptions) {
      expect(exception.advisory).toMatch(/^https:\/\/github\.com\/advisories\/GHSA-/);
      expect(exception.package.length).toBeGreaterThan(0);
      expect(exception.reason.length).toBeGreaterThan(20);
    }
  });

  it('flags an unlisted high advisory and accepts it once listed with a reason', () => {
    const report: AuditReport = {
      vulnerabilities: {
        'some-lib': {
          severity: 'high',
          via: [{ name: 'some-lib', title: 'Prototype pollution', severity: 'high', url: 'https://github.com/advisories/GHSA-xxxx-yyyy-zzzz' }],
        },
        'uses-some-lib': { severity: 'high', via: ['some-lib'] },
        'minor-lib': {
          severity: 'moderate',
          via: [{ name: 'minor-lib', title: 'ReDoS', severity: 'moderate', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc' }],
        },
      },
    };
    expect(unexcusedAdvisories(report, [])).toEqual(['some-lib: Prototype pollution (high) https://github.com/advisories/GHSA-xxxx-yyyy-zzzz']);
    expect(
      unexcusedAdvisories(report, [
        { advisory: 'https://github.com/advisories/GHSA-xxxx-yyyy-zzzz', package: 'some-lib', reason: 'Only reached with input we never pass it.' },
      ]),
    ).toEqual([]);
  });

  withRegistry('has no unexcused high or critical advisory in the production dependencies', () => {
    const found = unexcusedAdvisories(production.report!, exceptions);
    expect(tally.attempt(found.length === 0)).toBe(true);
    expect(found).toEqual([]);
  });

  withRegistry('has no unexcused high or critical advisory in the development dependencies either', () => {
    const found = unexcusedAdvisories(full.report!, exceptions);
    expect(found).toEqual([]);
  });

  if (!production.report) {
    it('says why the registry check was skipped', () => {
      process.stderr.write(`npm audit skipped: the registry did not answer an audit (${production.note})\n`);
      expect(production.note.length).toBeGreaterThan(0);
    });
  }
});
