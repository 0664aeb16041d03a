import { SaxesParser } from 'saxes';

/** The text a server-rendered page shows inside its app root (tags dropped, the common entities decoded, spaces collapsed). */
export const renderedText = (html: string): string =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/
    .exec(html)![1]!
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The RSS items, each its fields by element name (the feed parsed strictly: a well-formedness error throws). */
export function rssItems(xml: string): Record<string, string>[] {
  const parser = new SaxesParser();
  const items: Record<string, string>[] = [];
  let item: Record<string, string> | null = null;
  let field: string | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'item') item = {};
    else if (item) field = tag.name;
  });
  parser.on('text', (value) => {
    if (item && field) item[field] = (item[field] ?? '') + value;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'item' && item) {
      items.push(item);
      item = null;
    }
    field = null;
  });
  parser.write(xml).close();
  return items;
}

/** The page's JSON-LD documents, in the order the head carries them. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}
