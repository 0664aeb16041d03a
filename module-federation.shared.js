// Build settings the federated apps share: the singleton modules (with the versions each app's
// package.json pins), the dev-server proxy, and the whole config of a remote.
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { readFileSync } from 'node:fs';

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
    ...Object.fromEntries(Object.entries(SUBPATHS).filter(([, pkg]) => names.includes(pkg)).map(([path, pkg]) => [path, entry(pkg)])),
  };
}

/**
 * What the public site shares with the shell: React alone. The public site brings its own router,
 * providers and Mantine (tree-shaken to what it uses), since no shell context reaches into it.
 */
export const PUBLIC_SITE_SHARED = ['react', 'react-dom'];

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
  ].map((name) => [
    `process.env.${name}`,
    JSON.stringify(process.env[name] ?? ''),
  ]),
);

/**
 * A remote: exposes its app as './App', boots on its own from src/index.ts, loads chunks relative to its
 * entry; shares `shared` (default: every singleton) with the host.
 */
export function defineRemoteConfig({ name, app, title, port, packageJsonUrl, shared = SINGLETONS }) {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({ name, exposes: { './App': app }, shared: sharedSingletons(packageJsonUrl, shared), dts: false }),
    ],
    source: { entry: { index: './src/index.ts' }, define: PUBLIC_ENV_DEFINES },
    html: { title },
    output: { assetPrefix: 'auto', cleanDistPath: true },
    server: { port, cors: true, historyApiFallback: true, proxy: DEV_PROXY },
  });
}
