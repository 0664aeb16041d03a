import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client as every limit, lockout and flood check counts it: an IPv4 address, or the /64 network
 * of an IPv6 one (`2001:db8:1:2::/64`). One IPv6 subscriber is handed a whole /64 and may use any of
 * its 2^64 addresses, so counting addresses would leave such a client unlimited. An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) counts as that IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The client of a request (see clientKey): its address as Fastify resolved it, behind TRUST_PROXY. */
export const clientOf = (request: FastifyRequest): string => clientKey(request.ip);

/** A pseudonymous client key for abuse checks: stable per client (clientKey), not the address itself. */
export function clientHash(client: string): string {
  return createHash('sha256').update(`ai-mind-client:${client}`).digest('hex');
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const part = (text: string | undefined) => (text ? text.split(':') : []).flatMap((group) => (isIPv4(group) ? ipv4AsGroups(group) : [group]));
  const before = part(head);
  const after = part(tail);
  const groups = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

function ipv4AsGroups(ipv4: string): string[] {
  const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
