import { ARTICLE_CONTENT_MAX_DEPTH, articleNestingAllowed, htmlNestingDepth } from './article-body-limits.js';

const nested = (levels: number, tag = 'b') => `${`<${tag}>`.repeat(levels)}text${`</${tag}>`.repeat(levels)}`;

describe('an article body nesting depth', () => {
  it('counts elements inside elements, as the parser the sanitizer uses builds them', () => {
    expect(htmlNestingDepth('<p>One</p><p>Two <strong><a href="/x">three</a></strong></p>', 32)).toBe(3);
    expect(htmlNestingDepth('<blockquote><ul><li><p>Deep <em>enough</em></p></li></ul></blockquote>', 32)).toBe(5);
    // Void elements hold nothing; an unclosed paragraph or list item ends at the next one.
    expect(htmlNestingDepth('<p>a<br>b<img src="x.png"><p>c<p>d<ul><li>e<li>f<li>g</ul>', 32)).toBe(2);
    // An end tag closes what was opened inside the element it names; one that names nothing open does nothing.
    expect(htmlNestingDepth('<b><i><u>x</b><b>y</b></em>', 32)).toBe(3);
  });

  it('is not fooled by markup in attribute values or comments', () => {
    // A parser reads one b per tag here: the `></b>` is inside the title's quotes.
    expect(htmlNestingDepth('<b title="x></b></b>">'.repeat(40), 100)).toBe(40);
    expect(htmlNestingDepth(`<!-- ${'</b>'.repeat(5)} -->${'<b>'.repeat(5)}`, 32)).toBe(5);
  });

  it('stops counting past the limit it is given, whatever the length', () => {
    expect(htmlNestingDepth('<b>'.repeat(100_000), 32)).toBe(33);
  });

  it('allows bodies as deep as ARTICLE_CONTENT_MAX_DEPTH, as sent and as shown once entities are decoded', () => {
    expect(articleNestingAllowed(nested(ARTICLE_CONTENT_MAX_DEPTH))).toBe(true);
    expect(articleNestingAllowed(nested(ARTICLE_CONTENT_MAX_DEPTH + 1))).toBe(false);
    expect(articleNestingAllowed(`<p>${'&lt;b&gt;'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}text</p>`)).toBe(false);
  });
});
