import fs from 'node:fs';

export default async function globalTeardown() {
  const services = globalThis.__TEST_SERVICES__;
  if (!services) return;
  await services.redis?.stop();
  await services.postgres?.stop();
  fs.rmSync(services.dataDir, { recursive: true, force: true });
}
