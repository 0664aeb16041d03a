import { articleBodyHtml, sanitizeArticleHtml } from './article-sanitizer.js';

describe('sanitizeArticleHtml', () => {
  it('keeps the editor formatting', () => {
    const html = '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <u>u</u></p><ul><li>a</li></ul><blockquote>q</blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p style="background:url(x)" onclick="x()">t</p>', '<p>t</p>'],
  ])('removes what runs: %s', (input, expected) => {
    expect(sanitizeArticleHtml(input)).toBe(expected);
  });

  it('makes new-tab links unable to reach the opener', () => {
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('articleBodyHtml', () => {
  it('unescapes markup that arrived entity-escaped, then sanitizes it', () => {
    expect(articleBodyHtml('&lt;h2&gt;Title&lt;/h2&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;p&gt;Body&lt;/p&gt;')).toBe('<h2>Title</h2><p>Body</p>');
  });

  it.each([
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA" alt="d">', '<img alt="d" />'],
    ['<p data-x="1" aria-hidden="true" class="c" id="i">t</p>', '<p>t</p>'],
    ['<textarea>secret</textarea><select><option>o</option></select><p>ok</p>', '<p>ok</p>'],
    ['<a href="/article/other" target="x">in</a>', '<a href="/article/other" target="x" rel="noopener noreferrer">in</a>'],
    [
      '<a href="\\\\evil.example">bs</a><a href="mailto:desk@x.example">m</a><img src="mailto:x@y" alt="m">',
      '<a>bs</a><a href="mailto:desk@x.example">m</a><img alt="m" />',
    ],
    ['<svg><a href="javascript:x">s</a></svg><math><mi>m</mi></math><form action="/x"><input value="v"><button>b</button></form><p>after</p>', 'b<p>after</p>'],
  ])('keeps to the allowlist: %s', (input, expected) => {
    expect(articleBodyHtml(input)).toBe(expected);
  });
});
