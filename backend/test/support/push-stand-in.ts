import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A browser's side of a push subscription: its P-256 key pair and auth secret, made as a browser makes them. */
export interface Subscriber {
  id: string;
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A message the stand-in accepted: its VAPID claims, headers and the payload it decrypted. */
export interface ReceivedPush {
  subscriber: string;
  payload: string;
  claims: { aud: string; exp: number; sub: string };
  topic: string | undefined;
  ttl: string | undefined;
}

/** How the stand-in answers one subscriber: accept, 410 (gone), or 500 for the first `failures` requests (Infinity: always). */
export type Behaviour = { kind: 'accept' } | { kind: 'gone' } | { kind: 'fail'; failures: number };

export interface PushStandIn {
  origin: string;
  caFile: string;
  subscribe: (behaviour?: Behaviour) => Subscriber;
  received: (subscriber?: string) => ReceivedPush[];
  /** Requests refused for a bad signature or payload, with why. */
  refused: string[];
  attempts: (subscriber: string) => number;
  stop: () => Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 (and RFC 8188's aes128gcm record): decrypts `body` with the subscriber's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, subscriber: Pick<Subscriber, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize)
    throw new Error(`unexpected header: keyid ${idLength} bytes, record ${ciphertext.length}/${recordSize}`);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const shared = subscriber.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(subscriber.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<JWT>, k=<key>`: the key is the site's, the JWT is ES256-signed by it, for this origin, not expired. */
function checkVapid(header: string | undefined, origin: string, expectedKey: () => string | undefined): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const expected = expectedKey();
  if (expected && key !== expected) throw new Error('signed with another key than the site publishes');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (alg.alg !== 'ES256') throw new Error(`alg ${alg.alg}`);
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('bad VAPID signature');
  }
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'];
  if (parsed.aud !== origin) throw new Error(`aud ${parsed.aud} is not ${origin}`);
  if (!(parsed.exp * 1000 > Date.now()) || parsed.exp * 1000 > Date.now() + 24 * 3600 * 1000 + 60_000) throw new Error(`exp ${parsed.exp} out of range`);
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error(`sub ${parsed.sub}`);
  return parsed;
}

/**
 * A Web Push service stand-in on 127.0.0.1 over HTTPS (a self-signed certificate made with openssl,
 * its file given to the product as PUSH_CA_FILE): it accepts a message only when its VAPID JWT
 * verifies against the key it names (and that key is the site's, when `expectedKey` says it) with
 * aud = this origin, and its aes128gcm payload decrypts with the subscriber's private key.
 */
export async function startPushStandIn(expectedKey: () => string | undefined = () => undefined): Promise<PushStandIn> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const subscribers = new Map<string, { subscriber: Subscriber; behaviour: Behaviour; attempts: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const entry = id ? subscribers.get(id) : undefined;
      if (request.method !== 'POST' || !entry) return void response.writeHead(404).end();
      entry.attempts += 1;
      try {
        const claims = checkVapid(request.headers.authorization, origin, expectedKey);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const payload = decryptAes128gcm(Buffer.concat(chunks), entry.subscriber);
        if (entry.behaviour.kind === 'gone') return void response.writeHead(410).end('gone');
        if (entry.behaviour.kind === 'fail' && entry.attempts <= entry.behaviour.failures) return void response.writeHead(500).end('busy');
        received.push({ subscriber: id!, payload, claims, topic: request.headers.topic as string | undefined, ttl: request.headers.ttl as string | undefined });
        response.writeHead(201).end();
      } catch (error) {
        refused.push(`${id}: ${(error as Error).message}`);
        response.writeHead(400).end((error as Error).message);
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    caFile: certFile,
    subscribe: (behaviour = { kind: 'accept' }) => {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${id}`;
      const subscriber: Subscriber = {
        id,
        endpoint,
        ecdh,
        auth,
        json: { endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
      };
      subscribers.set(id, { subscriber, behaviour, attempts: 0 });
      return subscriber;
    },
    received: (subscriber) => received.filter((push) => subscriber === undefined || push.subscriber === subscriber),
    refused,
    attempts: (subscriber) => subscribers.get(subscriber)?.attempts ?? 0,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
