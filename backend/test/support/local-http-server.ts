import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type RouteHandler = (request: RecordedRequest, response: http.ServerResponse) => void;

/**
 * A real HTTP server on a free local port standing in for a third party (news feeds, the automation
 * service). Routes can be swapped while it runs; every request is recorded with its headers and body.
 */
export async function startLocalHttpServer(routes: Record<string, RouteHandler> = {}) {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(recorded);
      const handler = routes[recorded.path.split('?')[0]!];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
      }
      handler(recorded, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    routes,
    requests,
    requestsTo: (path: string) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
