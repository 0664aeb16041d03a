import dns from 'node:dns/promises';
import net from 'node:net';
import { isPublicAddress } from '../provenance/index.js';

/**
 * An inbox the site may post to, or null: http(s), no credentials, and every address its name resolves
 * to public (or an exact trusted IP-literal origin), as for the documents the site fetches. Checked when
 * a follower is kept and again before each delivery (a name may resolve elsewhere later).
 */
export async function checkInboxUrl(url: URL, trustedOrigins: readonly string[]): Promise<URL | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return trustedOrigins.includes(url.origin) || isPublicAddress(host) ? url : null;
  try {
    const addresses = await dns.lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address)) ? url : null;
  } catch {
    return null;
  }
}
