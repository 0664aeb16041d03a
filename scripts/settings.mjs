// Writes (--write) or checks (--check) the files generated from backend/src/config/settings.ts:
// .env.example, infra/backend.env.example, the variable table of infra/README.md and docs/settings.md.
// Runs the TypeScript source directly (Node 24 strips the types), so no build is needed first.
import { registerHooks } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The backend's sources import each other as ./x.js (what tsc emits); here the file is ./x.ts.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (fs.existsSync(fileURLToPath(candidate))) return nextResolve(candidate.href, context);
    }
    return nextResolve(specifier, context);
  },
});

const { generatedFiles, staleFiles } = await import(pathToFileURL(path.join(root, 'backend/src/config/settings-files.ts')).href);
const mode = process.argv[2] ?? '--check';

if (mode === '--write') {
  for (const { file, content } of generatedFiles(root)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
    console.log(`wrote ${file}`);
  }
} else if (mode === '--check') {
  const stale = staleFiles(root);
  if (stale.length) {
    console.error(`Stale, run npm run settings: ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('settings: every generated file is current');
} else {
  console.error('usage: node scripts/settings.mjs --write | --check');
  process.exit(2);
}
