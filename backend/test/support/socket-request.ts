import http from 'node:http';

export interface SocketResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  body: string;
  json: <T = Record<string, unknown>>() => T;
}

/**
 * One request over a real socket to `origin`, answered like app.inject's (status, headers, body): for
 * what the HTTP server answers before Fastify (prepared answers), which inject never reaches.
 */
export function requestOverSocket(origin: string, options: { method?: string; url: string; headers?: Record<string, string> }): Promise<SocketResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${options.url}`, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const body = rawPayload.toString('utf8');
        resolve({ statusCode: response.statusCode!, headers: response.headers, rawPayload, body, json: <T>() => JSON.parse(body) as T });
      });
    });
    request.on('error', reject);
    request.end();
  });
}
