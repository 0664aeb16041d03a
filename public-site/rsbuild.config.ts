import { defineRemoteConfig } from '../module-federation.shared.js';

/** The public site: a remote the shell mounts for every public path, also runnable on its own. */
export default defineRemoteConfig({
  name: 'public_app',
  app: './src/app/PublicApp.tsx',
  title: 'The AI Mind',
  port: 3101,
  packageJsonUrl: new URL('./package.json', import.meta.url),
});
