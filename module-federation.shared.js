// Build settings the federated apps share: the singleton modules (with the versions each app's
// package.json pins), the dev-server proxy, and the whole config of a remote.
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  '@tanstack/react-query',
  '@ai-mind/contracts',
  '@ai-mind/ui',
];

/** Subpath imports that must resolve to the same copy as their package. */
const SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom' };

/**
 * The shared-scope config of `names` (default: every singleton). A shared module is built whole, never
 * tree-shaken (a shared @mantine/core is about 170 KB gzip), so an app shares only what must be one
 * instance across the apps that meet on a page.
 */
export function sharedSingletons(packageJsonUrl, names = SINGLETONS) {
  const { dependencies } = JSON.parse(readFileSync(packageJsonUrl, 'utf8'));
  const entry = (pkg) => ({ singleton: true, requiredVersion: dependencies[pkg] });
  return {
    ...Object.fromEntries(names.map((name) => [name, entry(name)])),
    ...Object.fromEntries(
      Object.entries(SUBPATHS)
        .filter(([, pkg]) => names.includes(pkg))
        .map(([path, pkg]) => [path, entry(pkg)]),
    ),
  };
}

/**
 * What the public site shares with the shell: React alone. The public site brings its own router,
 * providers and Mantine (tree-shaken to what it uses), since no shell context reaches into it.
 */
export const PUBLIC_SITE_SHARED = ['react', 'react-dom'];

/**
 * The federation runtime of a remote that loads no remotes of its own: the code that fetches remotes
 * and reads their manifests (about half of the runtime every remote entry carries, which a page
 * downloads next to the host's) is left out, and so is its code for Node. The host keeps both.
 */
export const REMOTE_RUNTIME = { optimization: { disableRemote: true, disableSnapshot: true, target: 'web' } };

/** Dev servers send API and media requests to the API process started by npm start (API_PORT, default 3000). */
export const DEV_PROXY = {
  '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
  '/media': `http://localhost:${process.env.API_PORT ?? 3000}`,
};

/**
 * Build-time settings the apps read as process.env.PUBLIC_*: always defined (empty when unset), so a
 * bundle never refers to a `process` that browsers lack. Documented in .env.example.
 */
export const PUBLIC_ENV_DEFINES = Object.fromEntries(
  [
    'PUBLIC_API_ORIGIN',
    'PUBLIC_SITE_URL',
    'PUBLIC_PUBLIC_APP_URL',
    'PUBLIC_ADMIN_APP_URL',
    'PUBLIC_GA4_ID',
    'PUBLIC_ADSENSE_CLIENT',
    'PUBLIC_GEO_LOOKUP_URL',
  ].map((name) => [`process.env.${name}`, JSON.stringify(process.env[name] ?? '')]),
);

/** Text files worth compressing; smaller ones gain less than a response's headers. */
const COMPRESSIBLE = /\.(?:js|css|json|html|svg)$/;
const MIN_COMPRESS_BYTES = 1024;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a .br and a .gz beside every built text file, which the API serves to browsers that accept
 * them (@fastify/static preCompressed): the bundles cross the network at about a quarter of their size
 * without compressing on every request. A proxy in front (infra/nginx) may compress on its own instead.
 */
export function pluginPrecompress() {
  return {
    name: 'ai-mind:precompress',
    setup(api) {
      api.onAfterBuild(({ environments }) => {
        for (const { distPath } of Object.values(environments)) {
          for (const file of filesUnder(distPath).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_COMPRESS_BYTES)) {
            const content = readFileSync(file);
            writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
            writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          }
        }
      });
    },
  };
}

/**
 * Which chunks splitChunks may split modules out of: as Rsbuild's default (`initial` false: the async
 * chunks only, as for a remote's container), except those whose names start with one of `whole`, which
 * keep every module they need that the chunks before them lack. The server lists such chunks (the
 * exposed app's, a page's) for the entry loader to fetch at once: a module split off into a chunk shared
 * with other pages would only be found once the app had run, a round trip and a download after
 * everything else, and each chunk split off the app is one more request (on a phone, a round trip of its
 * own where the browser's six connections are all busy).
 */
function splittableChunks({ initial, whole }) {
  return (chunk) => (initial || !chunk.canBeInitial()) && !whole.some((prefix) => chunk.name?.startsWith(prefix));
}

/**
 * A remote: exposes its app as './App' (and any `exposes` more), boots on its own from src/index.ts,
 * loads chunks relative to its entry; shares `shared` (default: every singleton) with the host.
 *
 * With `hostRuntime`, the remote's modules run on the host's federation runtime (the shell provides
 * it) instead of carrying a second copy (about 30 KB gzip on every page), and its own is trimmed to
 * what a remote without remotes needs (REMOTE_RUNTIME). Its standalone boot, which has no host, is
 * then built apart without federation, into dist/standalone/. Its chunks named with a prefix of
 * `wholeChunks` are whole (splittableChunks), and so are its exposed modules' own chunks.
 */
export function defineRemoteConfig({
  name,
  app,
  title,
  port,
  packageJsonUrl,
  shared = SINGLETONS,
  exposes = {},
  hostRuntime = false,
  wholeChunks = /** @type {string[]} */ ([]),
}) {
  const federation = { name, exposes: { './App': app, ...exposes }, shared: sharedSingletons(packageJsonUrl, shared), dts: false };
  const server = { port, cors: true, historyApiFallback: true, proxy: DEV_PROXY };
  const chunkSplit = (initial, whole) => ({
    performance: { chunkSplit: { strategy: 'split-by-experience', override: { chunks: splittableChunks({ initial, whole }) } } },
  });
  if (!hostRuntime) {
    return defineConfig({
      plugins: [pluginReact(), pluginModuleFederation(federation), pluginPrecompress()],
      source: { entry: { index: './src/index.ts' }, define: PUBLIC_ENV_DEFINES },
      html: { title },
      output: { assetPrefix: 'auto', cleanDistPath: true },
      server,
    });
  }
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({ ...federation, experiments: { ...REMOTE_RUNTIME, externalRuntime: true } }, { environment: 'remote' }),
      pluginPrecompress(),
    ],
    source: { define: PUBLIC_ENV_DEFINES },
    html: { title },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    server,
    environments: {
      // The container entry (public_app.js) is the remote's only entry: rsbuild's default one is dropped.
      remote: {
        tools: { htmlPlugin: false, rspack: (config) => void (config.entry = {}) },
        // Module federation names each exposed module's chunk __federation_expose_<name>.
        ...chunkSplit(false, [...wholeChunks, '__federation_expose_']),
      },
      standalone: {
        source: { entry: { index: './src/index.ts' } },
        output: { distPath: { root: 'dist/standalone' } },
        ...chunkSplit(true, wholeChunks),
      },
    },
  });
}
