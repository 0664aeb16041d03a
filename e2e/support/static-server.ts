import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface StaticHost {
  /** `http://localhost:<port>`: the origin a deployment would allow in CORS_ORIGINS. */
  readonly url: string;
  /** Serves the built app in `root` from now on (index.html for client routes); until then every request gets 503. */
  serve(root: string, options?: { apiOrigin?: string }): void;
  close(): Promise<void>;
}

/**
 * A plain static host for a built app (as a CDN would serve it), answering client routes with index.html.
 * With `apiOrigin`, requests under /api/ and /media/ go on to that API, so an app built without
 * PUBLIC_API_ORIGIN runs on this origin as it would behind a proxy.
 *
 * It listens at once, on a port the system picks, and holds it: a test learns its origin before the
 * product starts (CORS_ORIGINS) and the app it serves may be built later. A port only looked up as free
 * and listened on later is any connection's meanwhile (an admin test once lost it during a build).
 */
export async function startStaticHost(): Promise<StaticHost> {
  let site: { root: string; apiOrigin?: string } | null = null;
  const server = http.createServer((request, response) => {
    if (!site) return void response.writeHead(503).end();
    const { root, apiOrigin } = site;
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (apiOrigin && /^\/(?:api|media)\//.test(pathname)) return forward(request, response, apiOrigin);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    serve: (root, { apiOrigin } = {}) => void (site = { root, apiOrigin }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
