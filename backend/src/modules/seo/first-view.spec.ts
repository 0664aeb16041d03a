import type { Article, ArticleSummary } from '@ai-mind/contracts';
import { FIRST_VIEW_CARDS, injectFirstView, renderFirstView } from './first-view.js';

const XSS = '"><img src=x onerror=alert(1)><script>alert(2)</script>';

function summary(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    title: `Story ${id}`,
    slug: `story-${id}`,
    category: 'Technology',
    excerpt: `Excerpt ${id}`,
    imageUrl: `/media/articles/${id}/vab-1200x630.webp`,
    createdAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  } as ArticleSummary;
}

/**
 * The tags and attribute names a browser would build from the markup. Every `<` that opens a tag must
 * be a well-formed tag with double-quoted values: escaped text can neither open a tag nor leave a value.
 */
function tagsAndAttributes(html: string): { tags: Set<string>; attributes: Set<string> } {
  const opening = [...html.matchAll(/<([a-z][a-z0-9]*)/gi)];
  const wellFormed = [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)>/gi)];
  expect(wellFormed).toHaveLength(opening.length);
  return {
    tags: new Set(wellFormed.map((m) => m[1]!.toLowerCase())),
    attributes: new Set(wellFormed.flatMap((m) => [...m[2]!.matchAll(/\s([a-z-]+)(?:="[^"]*")?/gi)].map((a) => a[1]!.toLowerCase()))),
  };
}

describe('the server-rendered first view', () => {
  it('writes the header, the home heading and the first row of cards, the first image fetched first', () => {
    const html = renderFirstView({ articles: { items: [1, 2, 3, 4].map((id) => summary(id)), nextCursor: null } })!;
    expect(html).toContain('<a class="fv-logo" href="/">The AI Mind</a>');
    expect(html).toContain('<h1 class="fv-h1">The AI Mind</h1>');
    expect(html.match(/<article class="fv-card">/g)).toHaveLength(FIRST_VIEW_CARDS);
    expect(html).toContain(
      '<img class="fv-img" src="/media/articles/1/vab-1200x630.webp" srcset="/media/articles/1/vab-600x315.webp 600w, /media/articles/1/vab-1200x630.webp 1200w" sizes="(min-width: 75em) 25vw, (min-width: 48em) 40vw, 100vw" alt="" loading="eager" fetchpriority="high" decoding="async">',
    );
    expect(html).toContain('loading="lazy" fetchpriority="auto"');
    expect(html).toContain('<a href="/article/story-2">Story 2</a>');
    expect(html).toContain('>Jan 5, 2024</time>');
  });

  it('writes the article’s title, image and opening text as plain text', () => {
    const article = { ...summary(7, { title: 'Ports Automate' }), content: '<p>First <strong>bold</strong> paragraph.</p><h2>Next</h2>' } as unknown as Article;
    const html = renderFirstView({ article })!;
    expect(html).toContain('<h1 class="fv-h1">Ports Automate</h1>');
    expect(html).toContain('alt="Ports Automate" loading="eager" fetchpriority="high"');
    expect(html).toContain('<p class="fv-opening">First bold paragraph. Next</p>');
    expect(html).toContain('>January 5, 2024</time>');
  });

  it('keeps stored markup inert: titles, categories, excerpts, content and URLs are escaped', () => {
    const hostile = summary(9, { title: XSS, category: XSS, excerpt: XSS, slug: XSS, imageUrl: `/media/x.svg${XSS}` });
    const article = { ...hostile, content: `<p>${XSS}</p>&lt;script&gt;alert(3)&lt;/script&gt;` } as unknown as Article;
    for (const html of [renderFirstView({ articles: { items: [hostile], nextCursor: null } })!, renderFirstView({ article })!]) {
      const { tags, attributes } = tagsAndAttributes(html);
      expect([...tags].sort()).toEqual(['a', 'article', 'div', 'h1', 'h2', 'header', 'img', 'main', 'nav', 'p', 'span', 'time'].filter((t) => tags.has(t)));
      expect(tags.has('script')).toBe(false);
      expect([...attributes].filter((name) => name.startsWith('on'))).toEqual([]);
      expect(html).not.toMatch(/<script|<img src=x/i);
    }
  });

  it('has nothing to write without data, and fills only an empty root element', () => {
    expect(renderFirstView({ articles: { items: [], nextCursor: null } })).toBeNull();
    const shell = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';
    const filled = injectFirstView(shell, '<p>$& $1 top</p>');
    expect(filled).toContain('<div id="root"><p>$& $1 top</p></div>');
    expect(filled).toMatch(/<style data-first-view>[^<]+<\/style><\/head>/);
    expect(injectFirstView('<div id="root">x</div>', '<p>top</p>')).toBe('<div id="root">x</div>');
  });
});
