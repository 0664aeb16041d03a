// Where a page view came from, as the analytics count it (docs/product.md#limits): one rule for the
// public site, which classifies the visit (features/analytics/traffic-source.ts), and the API, which
// stores only what the rule allows.

/** Referrer hosts that are reported by name: search engines, then social sites. */
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

/** The longest source kept (a host name's limit is 253; the rollups key on 100). */
export const TRAFFIC_SOURCE_MAX = 100;
/** The longest campaign name (utm_source) kept. */
export const CAMPAIGN_MAX = 40;
/** The bucket of every source that is neither a host name nor a campaign name: free text is counted, never shown. */
export const OTHER_SOURCE = 'other';

/** A DNS host name of two labels or more, ending in a top-level domain (never an IP address). */
const HOST_NAME = new RegExp(`^(?=.{1,${TRAFFIC_SOURCE_MAX}}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);
/** A campaign as links name it: a word of letters, digits, hyphens and underscores. */
const CAMPAIGN = new RegExp(`^[a-z0-9][a-z0-9_-]{0,${CAMPAIGN_MAX - 1}}$`);

/**
 * What a source is counted as: 'direct'; a search engine or social site by name; another referrer's
 * host (without www.); a campaign name; else 'other'. Always at most TRAFFIC_SOURCE_MAX characters.
 */
export function trafficSourceBucket(source: string): string {
  const value = source.trim().toLowerCase();
  if (value === 'direct' || NAMED_SOURCES.some((named) => named.name === value)) return value;
  const host = value.replace(/^www\./, '');
  if (HOST_NAME.test(host)) return NAMED_SOURCES.find((named) => named.hosts.test(host))?.name ?? host;
  return CAMPAIGN.test(value) ? value : OTHER_SOURCE;
}
