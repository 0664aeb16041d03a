import { createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EVIDENCE_MAX_DAYS, EvidenceQuerySchema, type EvidenceQuery } from '@ai-mind/contracts';
import type { EvidenceExportService } from './evidence-export.service.js';
import { evidenceDocument } from './evidence-format.js';

export const EVIDENCE_USAGE = `Usage: evidence (--article <id> | --from <YYYY-MM-DD> --to <YYYY-MM-DD>) [--format csv|json] [--out <file>]
  The record behind each article's AI involvement grade (docs/evidence-export.md): one article, or every
  article published from --from to --to (UTC days, both included, at most ${EVIDENCE_MAX_DAYS} days), as CSV
  (the default) or JSON, to standard output or to --out.`;

/** A command line the export cannot take: each flag's message (exit code 64). */
export class EvidenceUsageError extends Error {}

const FLAGS = { '--article': 'article', '--from': 'from', '--to': 'to', '--format': 'format' } as const;

/** `--article 12 --format csv`, `--from=2026-11-01 --to 2026-11-30 --out file.json`: the query (checked by the API's schema) and the file. */
export function parseEvidenceArgs(args: string[]): { query: EvidenceQuery; out: string | null } {
  const values: Record<string, string> = {};
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new EvidenceUsageError(`${flag} needs a value.\n${EVIDENCE_USAGE}`);
    if (flag === '--out') out = value;
    else if (flag in FLAGS) values[FLAGS[flag as keyof typeof FLAGS]] = value;
    else throw new EvidenceUsageError(`${flag} is not an option of evidence.\n${EVIDENCE_USAGE}`);
  }
  const parsed = EvidenceQuerySchema.safeParse(values);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => `--${issue.path.join('.')} ${issue.message}`);
    throw new EvidenceUsageError(`${messages.join('\n')}\n${EVIDENCE_USAGE}`);
  }
  return { query: parsed.data, out };
}

/**
 * Writes the export to `out` (a file) or `stdout`, as it is read, and answers with a line for standard
 * error. An article that does not exist is an error (nothing is written).
 */
export async function runEvidenceCommand(
  evidence: EvidenceExportService,
  { query, out }: { query: EvidenceQuery; out: string | null },
  stdout: Writable,
): Promise<string> {
  if (query.article !== undefined && !(await evidence.exists(query.article))) throw new Error(`Article ${query.article} not found.`);
  let count = 0;
  const counted = async function* () {
    for await (const record of evidence.records(query)) {
      count += 1;
      yield record;
    }
  };
  const document = evidenceDocument(counted(), query);
  const target = out ? createWriteStream(out) : stdout;
  // Standard output stays open for the process; a file is closed once written.
  await pipeline(Readable.from(document.chunks), target, { end: out !== null });
  return `Exported the evidence of ${count} article(s) as ${query.format.toUpperCase()}${out ? ` to ${out}` : ''}.`;
}
