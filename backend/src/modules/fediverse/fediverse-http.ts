import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerWithRouteConfig } from '../auth/index.js';
import { wantsActivityJson } from '../../common/activity-json.js';
import type { FediverseFederation } from './fediverse-federation.js';
import type { InboxGate } from './inbox-gate.js';
import { webRequest } from './web-request.js';

/** The addresses Fedify answers besides each article's page: WebFinger, NodeInfo, the actor and its collections, the site's notes, the inboxes. */
const FEDERATION_GETS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'];
const ARTICLE_PAGE = /^\/[^/?#]+\/article\/[^/?#]+$/;

/** Writes Fedify's Response as the reply. */
async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  void reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') void reply.header(name, value);
  });
  // Answers about the actor and its followers change with every follow: never kept by a shared cache.
  if (!response.headers.has('cache-control')) void reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Mounts Fedify behind Fastify (there is no @fedify/fastify; docs/fediverse.md): the federation's own
 * routes are Fastify routes whose handler hands a web Request to `federation.fetch`, declared public
 * (reads) or signature-authenticated (the inbox, whose signature Fedify checks), with the body kept raw
 * and bounded by FEDIVERSE_MAX_OBJECT_BYTES. An article's page asked for application/activity+json is
 * answered, before its page route runs, with the article's object (Fedify's object dispatcher); any
 * other Accept gets the page.
 */
export async function registerFediverse(fastify: FastifyInstance, fediverse: FediverseFederation, gate: InboxGate): Promise<void> {
  const { federation, origin } = fediverse;
  const maxBytes = fediverse.config.maxObjectBytes;
  const notFound = () =>
    new Response(JSON.stringify({ error: 'Not Found', message: 'Nothing federated here' }), { status: 404, headers: { 'content-type': 'application/json' } });
  const notAcceptable = () =>
    new Response(JSON.stringify({ error: 'Not Acceptable', message: 'Ask for application/activity+json' }), {
      status: 406,
      headers: { 'content-type': 'application/json' },
    });

  await registerWithRouteConfig(fastify, { access: 'public' }, async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
    // A note the site sent and deleted since: 410 Gone with its Tombstone, as a server expects of a deleted object.
    const notFoundOrGone = async (request: Request) => {
      const tombstone = await fediverse.goneNote(new URL(request.url));
      if (!tombstone) return notFound();
      const json = await tombstone.toJsonLd({ format: 'compact', contextLoader: fediverse.context().contextLoader });
      return new Response(JSON.stringify(json), { status: 410, headers: { 'content-type': 'application/activity+json', vary: 'Accept' } });
    };
    const read = async (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, await federation.fetch(webRequest(request, origin), { contextData: undefined, onNotFound: notFoundOrGone, onNotAcceptable: notAcceptable }));
    for (const url of FEDERATION_GETS) scope.route({ method: ['GET', 'HEAD'], url, handler: read });
    scope.route({
      method: 'POST',
      url: '/ap/*',
      bodyLimit: maxBytes,
      config: { access: 'signature' },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const refusal = await gate.admit(request, body);
        if (refusal) return reply.status(refusal.status).header('cache-control', 'no-store').send({ error: refusal.error, message: refusal.message });
        return send(
          reply,
          await federation.fetch(webRequest(request, origin, body), { contextData: undefined, onNotFound: notFound, onNotAcceptable: notAcceptable }),
        );
      },
    });
  });

  fastify.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !wantsActivityJson(request.headers.accept)) return;
    const path = request.url.split('?')[0]!;
    if (!ARTICLE_PAGE.test(path)) return;
    const response = await federation.fetch(webRequest(request, origin), { contextData: undefined, onNotFound: notFound, onNotAcceptable: notAcceptable });
    void reply.header('vary', 'accept');
    return send(reply, response);
  });
}
