import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { PUBLIC_ENV_DEFINES } from '../module-federation.shared.js';

/**
 * The public site's server entry (src/server.tsx) for Node: the same components, router and queries
 * as the browser build, rendered by the API. Written to dist-server/ (never served to browsers);
 * styles come from the browser build, so none are emitted here.
 */
export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { server: './src/server.tsx' }, define: PUBLIC_ENV_DEFINES },
  output: {
    target: 'node',
    distPath: { root: 'dist-server' },
    cleanDistPath: true,
    emitCss: false,
    minify: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  // One file: the API re-imports it under a new URL after a rebuild, which must not mix in chunks
  // of the previous build that Node's module cache still holds.
  tools: { htmlPlugin: false, rspack: { output: { asyncChunks: false } } },
});
