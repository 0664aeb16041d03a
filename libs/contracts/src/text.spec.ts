import { decodeEntities, excerpt, formatCount, formatLongDate, formatShortDate, stripTags, truncate } from './text.js';

describe('text helpers', () => {
  it('strips tags, escaped tags included, and collapses whitespace', () => {
    expect(stripTags('<h2>Title</h2>\n<p>One  <strong>two</strong></p>')).toBe('Title One two');
    expect(stripTags('&lt;p&gt;Escaped &amp;amp; fine&lt;/p&gt;')).toBe('Escaped & fine');
  });

  it('decodes numeric and named entities and leaves unknown ones', () => {
    expect(decodeEntities('&#39;a&#x27; &quot;b&quot; &bogus;')).toBe(`'a' "b" &bogus;`);
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
