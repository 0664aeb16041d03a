import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey, Endpoints, Person } from '@fedify/vocab';
import type { webcrypto } from 'node:crypto';
import { startLocalHttpServer, type RecordedRequest } from './local-http-server.js';

/**
 * A fediverse account on a stand-in server (a real HTTP server on 127.0.0.1): its actor document with
 * its public key, WebFinger for its handle, an inbox that records what it is sent, and signed posts to
 * another server's inbox, made with Fedify's own signer as a real server's would be. Given the server
 * of another stand-in account, it lives on that server (two accounts of one domain).
 */
export async function startRemoteActor(name = 'alice', onServer?: Awaited<ReturnType<typeof startLocalHttpServer>>) {
  const server = onServer ?? (await startLocalHttpServer());
  const keys: webcrypto.CryptoKeyPair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const actorUrl = new URL(`/users/${name}`, server.origin);
  const keyId = new URL(`${actorUrl.href}#main-key`);
  const inboxPath = `/users/${name}/inbox`;
  const person = new Person({
    id: actorUrl,
    preferredUsername: name,
    name: `${name} (stand-in)`,
    url: new URL(`/@${name}`, server.origin),
    inbox: new URL(inboxPath, server.origin),
    endpoints: new Endpoints({ sharedInbox: new URL('/inbox', server.origin) }),
    publicKey: new CryptographicKey({ id: keyId, owner: actorUrl, publicKey: keys.publicKey }),
  });
  const actorJson = JSON.stringify(await person.toJsonLd());
  server.routes[actorUrl.pathname] = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/activity+json' });
    response.end(actorJson);
  };
  const accept = (_request: RecordedRequest, response: import('node:http').ServerResponse) => {
    response.writeHead(202);
    response.end();
  };
  server.routes[inboxPath] = accept;
  const webfinger = server.routes['/.well-known/webfinger'];
  server.routes['/.well-known/webfinger'] = (request, response) => {
    const resource = new URL(request.path, server.origin).searchParams.get('resource');
    if (resource !== `acct:${name}@${actorUrl.host}`) return webfinger ? webfinger(request, response) : (response.writeHead(404), response.end());
    response.writeHead(200, { 'content-type': 'application/jrd+json' });
    response.end(JSON.stringify({ subject: resource, links: [{ rel: 'self', type: 'application/activity+json', href: actorUrl.href }] }));
  };
  server.routes['/inbox'] = accept;

  return {
    server,
    actorUrl,
    keyId,
    handle: `@${name}@${actorUrl.host}`,
    /** The headers of a signed POST of `activity` to `inbox` (an address on the other server), and its body. */
    async signedPost(inbox: string, activity: unknown, key: webcrypto.CryptoKey = keys.privateKey): Promise<{ headers: Record<string, string>; body: string }> {
      const body = JSON.stringify(activity);
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
        body,
      });
      const signed = await signRequest(request, key, keyId);
      const headers: Record<string, string> = {};
      signed.headers.forEach((value, header) => (headers[header] = value));
      headers.host = new URL(inbox).host;
      return { headers, body };
    },
    /** The activities posted to this account's inboxes, parsed. */
    received: () =>
      [...server.requestsTo(inboxPath), ...server.requestsTo('/inbox')]
        .filter((r) => r.method === 'POST')
        .map((r) => JSON.parse(r.body) as Record<string, unknown>),
    close: () => (onServer ? Promise.resolve() : server.close()),
  };
}

export type RemoteActor = Awaited<ReturnType<typeof startRemoteActor>>;
