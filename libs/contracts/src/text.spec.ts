import { decodeEntities, excerpt, formatCount, formatLongDate, formatShortDate, stripTags, truncate } from './text.js';

describe('text helpers', () => {
  it('strips tags, escaped tags included, and collapses whitespace', () => {
    expect(stripTags('<h2>Title</h2>\n<p>One  <strong>two</strong></p>')).toBe('Title One two');
    expect(stripTags('&lt;p&gt;Escaped &amp;amp; fine&lt;/p&gt;')).toBe('Escaped & fine');
  });

  it('decodes numeric and named entities and leaves unknown ones', () => {
    expect(decodeEntities('&#39;a&#x27; &quot;b&quot; &bogus;')).toBe(`'a' "b" &bogus;`);
  });

  it('decodes every named HTML entity, not only the markup ones', () => {
    expect(decodeEntities('It&rsquo;s here &mdash; caf&eacute; &hellip; &euro;5 &copy;')).toBe('It\u2019s here \u2014 caf\u00e9 \u2026 \u20ac5 \u00a9');
    expect(decodeEntities('&#8217; &#x2014; &#233; &#X1F600;')).toBe('\u2019 \u2014 \u00e9 \u{1F600}');
    expect(stripTags('<p>Caf&eacute;&nbsp;culture&rsquo;s &lt;b&gt;rise&lt;/b&gt;</p>')).toBe('Caf\u00e9 culture\u2019s rise');
    // Only references closed by ';' are decoded: an escaped link's query string stays as written.
    expect(decodeEntities('?a=1&copy=2&amp;b')).toBe('?a=1&copy=2&b');
  });

  it('cuts excerpts at 200 characters with an ellipsis only when longer', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const cut = excerpt(long);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(203);
    expect(excerpt('<p>Short.</p>')).toBe('Short.');
    expect(truncate('abcdef', 3)).toBe('abc...');
  });

  it('formats dates the en-US way', () => {
    expect(formatShortDate('2024-01-05T12:00:00.000Z')).toBe('Jan 5, 2024');
    expect(formatLongDate('2024-01-05T12:00:00.000Z')).toBe('January 5, 2024');
    expect(formatShortDate('2024-12-31T23:59:59.000Z')).toBe('Dec 31, 2024');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('slugify', () => {
  it('makes lowercase ASCII slugs that the slug pattern accepts', async () => {
    const { SLUG_PATTERN } = await import('./articles.js');
    const { slugify } = await import('./text.js');
    expect(slugify('Économie: Rates on Hold — What Now?')).toBe('economie-rates-on-hold-what-now');
    expect(SLUG_PATTERN.test(slugify('  --Hello,   World!-- '))).toBe(true);
    expect(slugify('x'.repeat(100)).length).toBe(80);
  });
});
