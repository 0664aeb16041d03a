import { XMLParser } from 'fast-xml-parser';
import { stripTags, WebLinkSchema } from '@ai-mind/contracts';
import type { FeedItem } from './topic-clustering.js';

/** More items than any real feed page carries: the rest of a runaway feed is ignored. */
export const MAX_ITEMS_PER_FEED = 100;
const MAX_TITLE = 300;
const MAX_SUMMARY = 1_000;

export class FeedParseError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Entity expansion stays within the document: no DTD-defined entities (billion-laughs) are honoured.
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type XmlNode = Record<string, unknown>;

/** Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document into feed items; `fallbackSource` names an untitled feed. */
export function parseFeed(xml: string, fallbackSource: string): { title: string; items: FeedItem[] } {
  let document: XmlNode;
  try {
    document = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    throw new FeedParseError(`Not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const rss = asNode(document.rss);
  const rdf = asNode(document.RDF);
  const atom = asNode(document.feed);
  if (rss || rdf) {
    const channel = asNode((rss ?? rdf)!.channel) ?? {};
    const title = text(channel.title) || fallbackSource;
    const rawItems = asArray(rss ? channel.item : rdf!.item);
    return {
      title,
      items: rawItems
        .slice(0, MAX_ITEMS_PER_FEED)
        .map((node) => rssItem(node, title))
        .filter(isUsable),
    };
  }
  if (atom) {
    const title = text(atom.title) || fallbackSource;
    return {
      title,
      items: asArray(atom.entry)
        .slice(0, MAX_ITEMS_PER_FEED)
        .map((node) => atomEntry(node, title))
        .filter(isUsable),
    };
  }
  throw new FeedParseError('Neither an RSS nor an Atom feed');
}

function rssItem(node: XmlNode, source: string): FeedItem {
  const link = asArray(node.link).map(text).find(Boolean) ?? (isPermalink(node.guid) ? text(node.guid) : '');
  return {
    source,
    title: clean(text(node.title), MAX_TITLE),
    link: httpUrl(link),
    summary: clean(text(node.description) || text(node.encoded), MAX_SUMMARY),
    publishedAt: isoDate(text(node.pubDate) || text(node.date)),
  };
}

function atomEntry(node: XmlNode, source: string): FeedItem {
  const links = asArray(node.link);
  const alternate = links.find((link) => !link['@rel'] || link['@rel'] === 'alternate') ?? links[0];
  return {
    source,
    title: clean(text(node.title), MAX_TITLE),
    link: httpUrl(typeof alternate?.['@href'] === 'string' ? alternate['@href'] : ''),
    summary: clean(text(node.summary) || text(node.content), MAX_SUMMARY),
    publishedAt: isoDate(text(node.published) || text(node.updated)),
  };
}

const isUsable = (item: FeedItem): boolean => item.title.length > 0;

function isPermalink(guid: unknown): boolean {
  const node = asNode(guid);
  return node ? node['@isPermaLink'] !== 'false' : typeof guid === 'string';
}

function asNode(value: unknown): XmlNode | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

function asArray(value: unknown): XmlNode[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as XmlNode) : { '#text': entry }));
}

/** An element's text, whether it came as a string, a number or a node with attributes. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  return node ? text(node['#text']) : '';
}

/** Plain text: markup stripped (feeds often embed HTML in descriptions), whitespace collapsed, length capped. */
function clean(value: string, max: number): string {
  const plain = stripTags(value).replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The item's link, normalised, when it is one the product keeps (WebLinkSchema); anything else is no link. */
function httpUrl(value: string): string | null {
  let href: string;
  try {
    href = new URL(value.trim()).toString();
  } catch {
    return null;
  }
  const link = WebLinkSchema.safeParse(href);
  return link.success ? link.data : null;
}

function isoDate(value: string): string | null {
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
