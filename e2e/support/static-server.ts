import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Sends a request on to `origin` as it came (a deployment's reverse proxy for /api in front of a built app). */
function forward(request: http.IncomingMessage, response: http.ServerResponse, origin: string): void {
  const upstream = http.request(new URL(request.url ?? '/', origin), { method: request.method, headers: request.headers }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', () => response.writeHead(502).end());
  request.pipe(upstream);
}

/**
 * A plain static host for a built app (as a CDN would serve it), answering client routes with index.html.
 * With `apiOrigin`, requests under /api/ and /media/ go on to that API, so an app built without
 * PUBLIC_API_ORIGIN runs on this origin as it would behind a proxy.
 */
export async function serveStatic(
  root: string,
  port: number,
  { apiOrigin }: { apiOrigin?: string } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (apiOrigin && /^\/(?:api|media)\//.test(pathname)) return forward(request, response, apiOrigin);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
