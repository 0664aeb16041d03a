import { defineRemoteConfig, PUBLIC_SITE_SHARED } from '../module-federation.shared.js';

/**
 * The public site: a remote the shell mounts for every public path, also runnable on its own. Its
 * frame (header, footer, consent banner) also frames the admin panel at /admin in the shell.
 */
export default defineRemoteConfig({
  name: 'public_app',
  app: './src/app/PublicRoot.tsx',
  title: 'The AI Mind',
  port: 3101,
  packageJsonUrl: new URL('./package.json', import.meta.url),
  shared: PUBLIC_SITE_SHARED,
  exposes: { './SiteFrame': './src/app/SiteFrame.tsx' },
  hostRuntime: true,
  // Each page's chunk (named in src/app/PublicApp.tsx) is whole: the entry loader fetches it with the app.
  wholeChunks: ['page-'],
});
