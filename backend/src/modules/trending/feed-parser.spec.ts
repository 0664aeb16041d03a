import { FeedParseError, MAX_ITEMS_PER_FEED, parseFeed } from './feed-parser.js';

describe('feed parser', () => {
  it('reads RSS 2.0 items: title, link, plain-text summary, date', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Civic Post</title>
      <item><title>Postal voting hits record</title><link>https://civic.example/a</link>
      <description>&lt;p&gt;Officials report &lt;b&gt;record&lt;/b&gt; applications.&lt;/p&gt;</description>
      <pubDate>Wed, 18 Nov 2026 07:30:00 GMT</pubDate></item>
      <item><title><![CDATA[Council votes & closes old town]]></title><guid>https://civic.example/b</guid></item>
    </channel></rss>`;
    const feed = parseFeed(xml, 'civic.example');
    expect(feed.title).toBe('Civic Post');
    expect(feed.items).toEqual([
      {
        source: 'Civic Post',
        title: 'Postal voting hits record',
        link: 'https://civic.example/a',
        summary: 'Officials report record applications.',
        publishedAt: '2026-11-18T07:30:00.000Z',
      },
      { source: 'Civic Post', title: 'Council votes & closes old town', link: 'https://civic.example/b', summary: '', publishedAt: null },
    ]);
  });

  it('reads Atom entries, preferring the alternate link', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">Tech Current</title>
      <entry><title>Export rules tighten AI chip sales</title>
        <link rel="self" href="https://tech.example/self"/><link rel="alternate" href="https://tech.example/chips"/>
        <summary type="html">Regulators &lt;em&gt;published&lt;/em&gt; rules.</summary><updated>2026-11-20T08:00:00Z</updated></entry>
    </feed>`;
    expect(parseFeed(xml, 'tech.example').items).toEqual([
      {
        source: 'Tech Current',
        title: 'Export rules tighten AI chip sales',
        link: 'https://tech.example/chips',
        summary: 'Regulators published rules.',
        publishedAt: '2026-11-20T08:00:00.000Z',
      },
    ]);
  });

  it('reads RSS 1.0 (RDF) and names an untitled feed after its host', () => {
    const xml = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel><title></title></channel><item><title>Ocean heatwave breaks records</title><link>https://wire.example/ocean</link></item></rdf:RDF>`;
    const feed = parseFeed(xml, 'wire.example');
    expect(feed.items).toEqual([
      { source: 'wire.example', title: 'Ocean heatwave breaks records', link: 'https://wire.example/ocean', summary: '', publishedAt: null },
    ]);
  });

  it('drops untitled items and links that are not http(s), and caps the item count', () => {
    const items = Array.from({ length: MAX_ITEMS_PER_FEED + 20 }, (_, i) => `<item><title>Story ${i}</title><link>javascript:alert(${i})</link></item>`);
    const xml = `<rss><channel><title>Busy</title><item><title></title></item>${items.join('')}</channel></rss>`;
    const feed = parseFeed(xml, 'busy.example');
    expect(feed.items.length).toBeLessThanOrEqual(MAX_ITEMS_PER_FEED);
    expect(feed.items.every((i) => i.link === null && i.title.startsWith('Story'))).toBe(true);
  });

  it('rejects documents that are not feeds or not XML', () => {
    expect(() => parseFeed('<html><body>Hello</body></html>', 'x')).toThrow(FeedParseError);
    expect(() => parseFeed('<rss><channel><item><title>Open', 'x')).toThrow(FeedParseError);
    expect(() => parseFeed('{"json": true}', 'x')).toThrow(FeedParseError);
  });
});
