import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Links the public site's real server entry into a fake build: public pages are the site's own server
 * render, which no stand-in could imitate (the suites depend on the public site's build).
 */
export function linkPublicSiteServer(root: string): void {
  const serverEntry = path.join(REPO_ROOT, 'public-site/dist-server');
  if (!fs.existsSync(path.join(serverEntry, 'server.js'))) throw new Error('Build the public site first: its server entry renders the public pages');
  fs.mkdirSync(path.join(root, 'public-site'), { recursive: true });
  fs.symlinkSync(serverEntry, path.join(root, 'public-site/dist-server'), 'dir');
}

/** A stand-in for the three built frontends, laid out as the bundler writes them, with the public site's real server entry. */
export function writeFakeBuild(root: string): void {
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Generic." /><title>The AI Mind</title></head><body><div id="root"></div><script src="/static/js/index.1a2b3c.js"></script></body></html>',
    'shell/dist/static/js/index.1a2b3c.js': 'console.info("shell")',
    'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'public-site/dist/mf-manifest.json': '{"id":"public_app"}',
    'public-site/dist/static/js/async/page.9f8e.js': 'export default 1',
    'admin-app/dist/remoteEntry.js': 'var admin_app;',
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  linkPublicSiteServer(root);
}
