import { articleBodyHtml } from '@ai-mind/contracts/article-sanitizer';
import { purifyArticleHtml } from '../src/features/articles/components/ArticleContent';

/** Markup as the browser parses it, the way React compares a hydrated element's inner HTML. */
function parsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

const BODIES = [
  '<h2>Markets</h2><p>Rates <strong>rose</strong>, <em>again</em>; "quotes" &amp; ampersands &lt;kept&gt;.</p>',
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>q</blockquote><pre><code>x &lt; y</code></pre>',
  '<figure><img src="https://cdn.example/a.jpg" alt="A chart" width="800" height="450"><figcaption>Source</figcaption></figure><hr>',
  '&lt;h2&gt;Escaped&lt;/h2&gt;&lt;p&gt;by the intake&lt;/p&gt;',
  '<p>hi<script>alert(1)</script></p><img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">js</a><a href="//evil.example">pr</a><a href="java\tscript:x">tab</a><a href="https://x.example" target="_blank">ok</a>',
  '<a href="/article/next" target="_self" title="t">in</a><a href="mailto:desk@x.example">mail</a><a href="ftp://x.example">ftp</a>',
  '<img src="data:image/png;base64,AAAA" alt="d"><img src="mailto:x@y"><img src="/media/local.jpg" alt="local">',
  '<iframe src="https://evil.example"></iframe><style>p{}</style><textarea>t</textarea><select><option>o</option></select><p>ok</p>',
  '<p style="color:red" class="c" id="i" data-x="1" aria-hidden="true" onclick="x()">attrs</p><div><span>kept text</span></div>',
  '<table><tr><td>cell</td></tr></table><svg><a href="javascript:x">s</a></svg><math><mi>m</mi></math><p>after</p>',
  '<form action="/x"><input value="v"><button>b</button></form><noscript><p>n</p></noscript><template><p>t</p></template>',
];

describe('the article sanitizers of the server render and of the browser', () => {
  it.each(BODIES)('give the same markup, so the page hydrates what the server sent: %s', (body) => {
    expect(parsed(articleBodyHtml(body))).toBe(parsed(purifyArticleHtml(body)));
  });

  it('leave nothing that runs in the browser’s version either', () => {
    const html = BODIES.map(purifyArticleHtml).join('');
    expect(html).not.toMatch(/<script|<iframe|<svg|<math|<style|onerror|onclick|javascript:|data:|\/\/evil|style=/i);
    expect(html).toContain('<a href="https://x.example" target="_blank" rel="noopener noreferrer">ok</a>');
  });
});
