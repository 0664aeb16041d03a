// One initdb for the whole run: every product a test file starts (and any PostgreSQL a suite starts itself)
// copies this cluster instead of initialising its own (scripts/lib/services.mjs, AI_MIND_POSTGRES_TEMPLATE).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initPostgresTemplate } from '../../scripts/lib/services.mjs';

export default async function globalSetup() {
  if (process.env.AI_MIND_POSTGRES_TEMPLATE) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-e2e-pg-template-'));
  fs.chmodSync(dir, 0o755);
  await initPostgresTemplate(path.join(dir, 'postgres'));
  process.env.AI_MIND_POSTGRES_TEMPLATE = path.join(dir, 'postgres');
  globalThis.__E2E_POSTGRES_TEMPLATE__ = dir;
}
