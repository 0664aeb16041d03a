import { fileURLToPath } from 'node:url';

/**
 * The backend's folder, from wherever the module asking was loaded: its TypeScript source under jest
 * (backend/src/…), tsc's output (backend/dist/…) or the bundled entry points and their shared chunks
 * (backend/dist/bundle/main.api.js, backend/dist/bundle/chunks/…, see bundle.mjs), which hold modules from every
 * depth. So a path is found from the folder it lives in, never from `import.meta.url` plus `../`.
 */
export const BACKEND_DIR = backendDirOf(fileURLToPath(import.meta.url));

/** The folder above the last `src` or `dist` in `file`'s path. */
export function backendDirOf(file: string): string {
  const match = /^(.*)[\\/](?:src|dist)[\\/]/.exec(file);
  if (!match) throw new Error(`${file} is not under the backend's src or dist folder`);
  return match[1];
}
