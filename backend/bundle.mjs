// The second half of the backend's build (`npm run build`: tsc, then this). Each of the three processes is
// bundled from tsc's output (dist/main.api.js, main.worker.js, main.cli.js) into dist/bundle/, with the
// modules they share in dist/bundle/chunks/: what production, `npm start` and the tests run. Unbundled, a
// process resolves and reads some 3,500 module files at every start, about 1 s of CPU of the 2.3 s an API
// takes to answer its health check, and the tests start some 175 processes; bundled, it reads a few dozen.
// The bundle is built from tsc's JavaScript, not the TypeScript (esbuild emits no decorator metadata, which
// NestJS's injection and MikroORM's entities read), and chains tsc's source maps, so a stack trace under
// --enable-source-maps (as the images run) still names the TypeScript line.
// tsc's output stays as it wrote it: `npm run dev` runs it (each saved file recompiled alone, no bundling),
// and the body-work threads load their scripts from it.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const DIST = path.join(import.meta.dirname, 'dist');
const BUNDLE = path.join(DIST, 'bundle');
const ENTRIES = ['main.api.js', 'main.worker.js', 'main.cli.js'];

/**
 * Loaded from node_modules as they are, never copied into a bundle: packages that find their own files
 * from `__dirname` or `__filename` (a thread's script, a template, their package.json, a native binary),
 * which in a bundle would name the bundle's folder instead; and packages the frameworks ask for only when
 * present (NestJS's other platforms), which are not installed.
 */
const EXTERNAL = [
  // Native binaries and the threads and scripts they start (their own dependencies stay out with them).
  'sharp',
  'msgpackr',
  'bullmq',
  'ioredis',
  'pino',
  // The queue dashboard's page templates and assets.
  '@bull-board/*',
  '@fastify/view',
  'ejs',
  // Optional peers NestJS and Fastify load only when installed.
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  '@nestjs/platform-express',
  '@fastify/multipart',
  'class-validator',
  'class-transformer',
];

const { outputFiles } = await build({
  entryPoints: ENTRIES.map((entry) => path.join(DIST, entry)),
  outdir: BUNDLE,
  // Checked below before anything is written.
  write: false,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Class and function names as written: NestJS names providers by their class, MikroORM entities too.
  keepNames: true,
  sourcemap: 'linked',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  logOverride: {
    // The public site's server entry and a body-work task are imported by a path known only at run time.
    'unsupported-dynamic-import': 'silent',
  },
});

// A bundled package that reads `__dirname` or `__filename` (undefined in an ES module) would fail only when
// that line runs, in production: the build fails instead, naming the package to add to EXTERNAL. A read
// behind `typeof` is the package's own guard and is left alone.
const unguarded = [];
for (const output of outputFiles.filter((file) => file.path.endsWith('.js'))) {
  let from = '?';
  output.text.split('\n').forEach((line, index) => {
    if (line.startsWith('// ')) from = line.slice(3);
    if (/\b__(dirname|filename)\b/.test(line) && !/typeof __(dirname|filename)\b/.test(line)) {
      unguarded.push(`${path.relative(BUNDLE, output.path)}:${index + 1} (${from})`);
    }
  });
}
if (unguarded.length > 0) throw new Error(`Bundled code reads __dirname or __filename; add its package to EXTERNAL:\n${unguarded.join('\n')}`);

fs.rmSync(BUNDLE, { recursive: true, force: true });
for (const output of outputFiles) {
  fs.mkdirSync(path.dirname(output.path), { recursive: true });
  fs.writeFileSync(output.path, output.contents);
}
