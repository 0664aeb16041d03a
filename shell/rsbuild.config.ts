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
  html: {
    title: 'The AI Mind',
    template: './src/index.html',
    favicon: './src/favicon.svg',
    // The page names the entry loader (public/static/js/entry-loader.js, copied as it is, its version
    // the build's hash), which requests the entry once the page has painted.
    tags: (tags, { hash }) =>
      tags.map((tag) =>
        tag.tag === 'script' && typeof tag.attrs?.src === 'string' && /\/index\.[0-9a-f]+\.js$/.test(tag.attrs.src)
          ? { ...tag, attrs: { ...tag.attrs, src: `/static/js/entry-loader.js?v=${hash}`, 'data-entry': tag.attrs.src } }
          : tag,
      ),
  },
  output: { assetPrefix: '/', cleanDistPath: true },
  server: { port: 3100, historyApiFallback: true, proxy: DEV_PROXY },
});
