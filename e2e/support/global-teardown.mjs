import fs from 'node:fs';

export default async function globalTeardown() {
  if (globalThis.__E2E_POSTGRES_TEMPLATE__) fs.rmSync(globalThis.__E2E_POSTGRES_TEMPLATE__, { recursive: true, force: true });
}
