import { sanitizeArticleHtml } from './html-sanitizer.js';

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
