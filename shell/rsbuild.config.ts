import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { DEV_PROXY, PUBLIC_ENV_DEFINES, pluginPrecompress, sharedSingletons } from '../module-federation.shared.js';

/**
 * The host. Remotes are registered at run time (src/app/router/remotes.ts), so one build works
 * wherever the remotes are served; none is fetched before a route needs it.
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons(new URL('./package.json', import.meta.url)),
      dts: false,
      // A browser-only host (the runtime's code for Node left out), whose federation runtime the
      // public site's modules run on too (defineRemoteConfig's hostRuntime).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
    pluginPrecompress(),
  ],
  source: { entry: { index: './src/index.ts' }, define: PUBLIC_ENV_DEFINES },
  html: { title: 'The AI Mind', template: './src/index.html', favicon: './src/favicon.svg' },
  output: { assetPrefix: '/', cleanDistPath: true },
  server: { port: 3100, historyApiFallback: true, proxy: DEV_PROXY },
});
