/** Referrer hosts that are reported by name (docs/product.md#limits): search engines, then social sites. */
const NAMED_SOURCES: { name: string; hosts: RegExp }[] = [
  { name: 'google', hosts: /(^|\.)google\.[a-z.]+$/ },
  { name: 'bing', hosts: /(^|\.)bing\.com$/ },
  { name: 'yahoo', hosts: /(^|\.)yahoo\.[a-z.]+$/ },
  { name: 'duckduckgo', hosts: /(^|\.)duckduckgo\.com$/ },
  { name: 'baidu', hosts: /(^|\.)baidu\.com$/ },
  { name: 'yandex', hosts: /(^|\.)yandex\.[a-z.]+$/ },
  { name: 'ecosia', hosts: /(^|\.)ecosia\.org$/ },
  { name: 'facebook', hosts: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/ },
  { name: 'twitter', hosts: /(^|\.)(twitter\.com|x\.com|t\.co)$/ },
  { name: 'linkedin', hosts: /(^|\.)(linkedin\.com|lnkd\.in)$/ },
  { name: 'reddit', hosts: /(^|\.)reddit\.com$/ },
  { name: 'instagram', hosts: /(^|\.)instagram\.com$/ },
  { name: 'youtube', hosts: /(^|\.)(youtube\.com|youtu\.be)$/ },
  { name: 'tiktok', hosts: /(^|\.)tiktok\.com$/ },
  { name: 'pinterest', hosts: /(^|\.)pinterest\.[a-z.]+$/ },
];

const SOURCE_MAX_LENGTH = 100;

/**
 * Where the visit came from (docs/product.md#limits): utm_source, else a named search engine or social site
 * from the referrer, else the referrer's host, else 'direct'. A referrer on this site is 'direct'.
 */
export function trafficSource(search: string, referrer: string, ownHost: string): string {
  const utmSource = new URLSearchParams(search).get('utm_source')?.trim();
  if (utmSource) return utmSource.slice(0, SOURCE_MAX_LENGTH);
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host || host === ownHost.toLowerCase()) return 'direct';
  return NAMED_SOURCES.find((source) => source.hosts.test(host))?.name ?? host.replace(/^www\./, '').slice(0, SOURCE_MAX_LENGTH);
}
