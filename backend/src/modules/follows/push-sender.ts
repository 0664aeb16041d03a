import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import dns from 'node:dns';
import fs from 'node:fs';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import webpush, { WebPushError } from 'web-push';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { isPublicAddress } from '../provenance/index.js';
import { VapidKeyStore } from './vapid-keys.js';

/** A stored subscription as web-push takes it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push attempt came to: delivered, the subscription is gone (404/410), or a failure worth another try (or not). */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; error: string } | { kind: 'failed'; error: string; permanent: boolean };

class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/**
 * Resolves like the system does, then refuses unless every address is public: the endpoint is a URL a
 * visitor gave, and the worker POSTs to it, so it must not reach the site's own network. Used as the
 * connection's lookup, so the address checked is the one connected to.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) return callback(new BlockedAddressError(`${hostname} resolves to ${refused?.address ?? 'no address'}`), '', 0);
    if (options.all) return (callback as unknown as (err: null, all: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Why an endpoint may not be pushed to at all, before any connection (an IP literal is never looked up); null when it may. */
export function endpointRefusal(endpoint: string, trustedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'carries credentials';
  if (trustedOrigins.includes(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0 && !isPublicAddress(host)) return `${host} is not a public address`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is not a public address`;
  return null;
}

/**
 * Sends Web Push messages with the `web-push` library: the payload encrypted (aes128gcm) to the
 * subscription's keys, the request signed with the site's VAPID key. Connections are kept alive per
 * push service; endpoints on non-public addresses are refused unless their origin is trusted.
 */
@Injectable()
export class PushSender implements OnApplicationShutdown {
  private readonly publicAgent: https.Agent;
  /** Each push service's VAPID Authorization header, signed once and reused for an hour of its 12 hours (an ES256 signature per message would cost more than the message). */
  private readonly vapidHeaders = new Map<string, { authorization: string; until: number }>();
  private readonly trustedAgent: https.Agent;

  constructor(
    private readonly keys: VapidKeyStore,
    @InjectConfig('follows') private readonly config: ConfigSlice<'follows'>,
  ) {
    const common = { keepAlive: true, maxSockets: 64 };
    this.publicAgent = new https.Agent({ ...common, lookup: publicOnlyLookup });
    // The extra authority is for the trusted origins only (a stand-in's own certificate). Given alone: an
    // agent keys its connections by its options, so a `ca` listing every root would be joined on each request.
    this.trustedAgent = new https.Agent({ ...common, ...(config.pushCaFile ? { ca: [fs.readFileSync(config.pushCaFile, 'utf8')] } : {}) });
  }

  async send(target: PushTarget, payload: string, options: { topic?: string; ttlSeconds?: number } = {}): Promise<PushOutcome> {
    const refusal = endpointRefusal(target.endpoint, this.config.pushTrustedOrigins);
    if (refusal) return { kind: 'failed', error: `Endpoint refused: ${refusal}`, permanent: true };
    const trusted = this.config.pushTrustedOrigins.includes(new URL(target.endpoint).origin);
    const authorization = await this.authorization(new URL(target.endpoint).origin);
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        headers: { Authorization: authorization },
        TTL: options.ttlSeconds ?? 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        ...(options.topic ? { topic: options.topic } : {}),
        timeout: this.config.pushTimeoutMs,
        agent: trusted ? this.trustedAgent : this.publicAgent,
      });
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof WebPushError) {
        const text = `${error.statusCode} ${(error.body || error.message).slice(0, 500)}`;
        if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone', error: text };
        // 400 (a malformed request), 403 (the key does not match), 413 (too large) will not pass on a retry.
        return { kind: 'failed', error: text, permanent: [400, 403, 413].includes(error.statusCode) };
      }
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { kind: 'failed', error: message.slice(0, 1000), permanent: error instanceof BlockedAddressError };
    }
  }

  /** The VAPID header for a push service (the JWT's `aud` is its origin), valid 12 hours and renewed after one. */
  private async authorization(audience: string): Promise<string> {
    const kept = this.vapidHeaders.get(audience);
    if (kept && kept.until > Date.now()) return kept.authorization;
    const { publicKey, privateKey } = await this.keys.get();
    const expiration = Math.floor(Date.now() / 1000) + 12 * 3600;
    const { Authorization: authorization } = webpush.getVapidHeaders(audience, this.config.vapidSubject, publicKey, privateKey, 'aes128gcm', expiration);
    if (this.vapidHeaders.size > 1_000) this.vapidHeaders.clear();
    this.vapidHeaders.set(audience, { authorization, until: Date.now() + 3600_000 });
    return authorization;
  }

  onApplicationShutdown(): void {
    this.publicAgent.destroy();
    this.trustedAgent.destroy();
  }
}
