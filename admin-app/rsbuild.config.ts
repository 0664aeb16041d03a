import { defineRemoteConfig } from '../module-federation.shared.js';

/** The admin app: a remote the shell loads lazily for /admin, also deployed on its own origin. */
export default defineRemoteConfig({
  name: 'admin_app',
  app: './src/app/AdminApp.tsx',
  title: 'The AI Mind · Admin',
  port: 3102,
  packageJsonUrl: new URL('./package.json', import.meta.url),
});
