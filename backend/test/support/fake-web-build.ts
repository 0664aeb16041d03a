import fs from 'node:fs';
import path from 'node:path';

/** A stand-in for the three built frontends, laid out as the bundler writes them. */
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
}
