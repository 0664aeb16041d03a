import type { FastifyRequest } from 'fastify';

/** The request as a web Request (Fedify's `fetch` takes one), addressed on the site's origin. */
export function webRequest(request: FastifyRequest, origin: string, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: body && request.method !== 'GET' && request.method !== 'HEAD' ? new Uint8Array(body) : undefined,
  });
}
