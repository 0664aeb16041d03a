import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request, type Dispatcher } from 'undici';

export interface PageFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /**
   * Origins (`http://10.0.0.5:8080`) exempt from the address rule: a source server of one's own on a
   * private network. Only an exact origin whose host is an IP literal is exempt; names never are.
   */
  trustedOrigins: readonly string[];
  /** What is asked for and taken (default: a web page): the fediverse's actors and objects are JSON (modules/fediverse). */
  accept?: { header: string; types: RegExp; userAgent: string };
}

/** What a page's server said about the version it sent, to ask next time whether it changed (a conditional GET). */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
}

/** `httpStatus` is the server's answer when it gave one that is not a page (404, 410, 500...). */
export type PageFetchResult =
  | ({ status: 'ok'; url: string; body: string; contentType: string } & PageValidators)
  | { status: 'blocked'; error: string }
  | { status: 'failed'; error: string; httpStatus?: number };

/** A conditional fetch's answer that the page is as it was when it carried the validators sent (HTTP 304). */
export interface PageNotModified {
  status: 'not_modified';
  url: string;
}

/** Raised by the connection's own lookup: the name resolved to an address no source may have. */
class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

const USER_AGENT = 'TheAIMind-SourceReader/1.0';
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i;

/** Every IPv4 range that is not the public internet: private, loopback, link-local, CGNAT, multicast, reserved, documentation. */
const NOT_PUBLIC_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map((range) => ipaddr.IPv4.parseCIDR(range));

/**
 * IPv6 ranges whose last 32 bits are an IPv4 address a packet to them may end up at: IPv4-compatible
 * (`::a.b.c.d`, and `::`, `::1` with it), IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`) and the NAT64 well-known prefix. Such an address is as public as that IPv4 address.
 */
const EMBEDS_IPV4 = ['::/96', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96'].map((range) => ipaddr.IPv6.parseCIDR(range));

/**
 * Every other IPv6 range that is not the public internet. The ranges that carry an IPv4 address the
 * host cannot tell are refused whole: local-use NAT64 (where its IPv4 address sits is the operator's
 * choice of prefix length), 6to4 and Teredo (within the IETF's 2001::/23).
 */
const NOT_PUBLIC_V6 = ['64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', '2002::/16', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8'].map((range) =>
  ipaddr.IPv6.parseCIDR(range),
);

/**
 * Whether a literal address is on the public internet, in any spelling of it (hex or dotted tail,
 * compressed or not); an IPv6 address embedding an IPv4 address is judged as that IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  // net.isIP is the gate: ipaddr.js alone would also read forms such as 0x7f.1 that no resolver returns.
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (!(parsed instanceof ipaddr.IPv6)) return !NOT_PUBLIC_V4.some((range) => parsed.match(range));
  if (EMBEDS_IPV4.some((range) => parsed.match(range))) return isPublicAddress(ipaddr.fromByteArray(parsed.toByteArray().slice(-4)).toString());
  return !NOT_PUBLIC_V6.some((range) => parsed.match(range));
}

/**
 * Resolves like the system does, then refuses unless every address is public. Used as the
 * connection's own lookup, so the address checked is the address connected to: a name cannot pass
 * the check and then resolve elsewhere for the connection.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(new BlockedAddressError(`${hostname} resolves to ${refused?.address ?? 'no address'}, which is not a public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (err: null, all: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** One agent for every source fetch: its connections resolve through publicOnlyLookup. */
let publicAgent: Agent | undefined;
const agent = (): Agent => (publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup }, connections: 8 }));

/** Whether the URL may be requested at all, before any connection: scheme, credentials, literal addresses. */
function refusal(url: URL, trustedOrigins: readonly string[]): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol.replace(':', '')} links are not fetched; only http(s)`;
  if (url.username || url.password) return 'Links with credentials are not fetched';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (trustedOrigins.includes(url.origin)) return null;
    if (!isPublicAddress(host)) return `${host} is not a public address`;
  }
  return null;
}

/**
 * The dispatcher for a URL: a trusted literal origin connects directly, everything else through the
 * public-only agent (whose connections resolve names to public addresses only). Also what the fediverse
 * posts deliveries through, so an inbox's name cannot lead to a private address either.
 */
export function dispatcherFor(url: URL, trustedOrigins: readonly string[]): Dispatcher | undefined {
  return trustedOrigins.includes(url.origin) && net.isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : agent();
}

/** A response header as one string (undici gives a repeated header as an array), capped: validators are echoed back, never grown. */
function headerValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 500 ? text : null;
}

/**
 * Fetches a source page. Never throws: every way a page cannot be had is a `blocked` (refused before
 * connecting) or `failed` result with the reason. Redirects are followed by hand, each hop checked
 * like the first; the whole fetch, redirects included, has one deadline and one size limit.
 *
 * With `validators` (the ETag and Last-Modified of the version last had) the request is conditional
 * (If-None-Match, If-Modified-Since) and a 304 answers `not_modified`: the page is not sent again.
 */
export function fetchPage(link: string, options: PageFetchOptions): Promise<PageFetchResult>;
export function fetchPage(link: string, options: PageFetchOptions, validators: PageValidators): Promise<PageFetchResult | PageNotModified>;
export async function fetchPage(link: string, options: PageFetchOptions, validators?: PageValidators): Promise<PageFetchResult | PageNotModified> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { status: 'blocked', error: 'Not a valid URL' };
  }
  try {
    for (let hop = 0; ; hop++) {
      const refused = refusal(url, options.trustedOrigins);
      if (refused) return { status: 'blocked', error: hop === 0 ? refused : `Redirected to ${url.href}: ${refused}` };
      const conditional: Record<string, string> = {};
      if (validators?.etag) conditional['if-none-match'] = validators.etag;
      if (validators?.lastModified) conditional['if-modified-since'] = validators.lastModified;
      const response = await request(url, {
        method: 'GET',
        headers: {
          'user-agent': options.accept?.userAgent ?? USER_AGENT,
          accept: options.accept?.header ?? 'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.5',
          ...conditional,
        },
        signal,
        dispatcher: dispatcherFor(url, options.trustedOrigins),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump();
        if (hop >= options.maxRedirects) return { status: 'failed', error: `More than ${options.maxRedirects} redirects` };
        url = new URL(location, url);
        continue;
      }
      if (response.statusCode === 304 && validators) {
        await response.body.dump();
        return { status: 'not_modified', url: url.href };
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        return { status: 'failed', error: `HTTP ${response.statusCode}`, httpStatus: response.statusCode };
      }
      const type = String(response.headers['content-type'] ?? 'text/html');
      if (!(options.accept?.types ?? PAGE_TYPES).test(type)) {
        await response.body.dump();
        return { status: 'failed', error: `Not a page (${type.split(';')[0]})` };
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.body.destroy();
        return { status: 'failed', error: `Page is ${declared} bytes, above the ${options.maxBytes}-byte limit` };
      }
      const body = await readCapped(response.body, options.maxBytes);
      if (body === null) return { status: 'failed', error: `Page is larger than the ${options.maxBytes}-byte limit` };
      return {
        status: 'ok',
        url: url.href,
        body,
        contentType: type.split(';')[0]!.trim().toLowerCase(),
        etag: headerValue(response.headers.etag),
        lastModified: headerValue(response.headers['last-modified']),
      };
    }
  } catch (error) {
    if (signal.aborted) return { status: 'failed', error: `No complete answer within ${options.timeoutMs} ms` };
    const blocked = findCause(error, BlockedAddressError);
    if (blocked) return { status: 'blocked', error: blocked.message };
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

/** The body as text, or null once it passes maxBytes (the rest is never read). */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof type) return current;
  }
  return undefined;
}
