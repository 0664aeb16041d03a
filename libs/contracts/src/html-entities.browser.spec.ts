/**
 * @jest-environment jsdom
 */
import { decodeHtmlEntities as inBrowser } from './html-entities.browser.js';
import { decodeHtmlEntities as onServer } from './html-entities.js';

describe("the browser's entity decoder", () => {
  it('decodes as the server does, so a hydrated page shows the text the server rendered', () => {
    const samples = [
      'It&rsquo;s here &mdash; caf&eacute; &hellip; &euro;5 &copy; &NotNestedGreaterGreater;',
      '&#8217; &#x2014; &#233; &#X1F600; &#0; &#xD800;',
      '&lt;p&gt;Escaped &amp;amp; fine&lt;/p&gt; &bogus; &amp',
      '?a=1&copy=2&amp;b <script>alert(1)</script>',
    ];
    for (const sample of samples) expect(inBrowser(sample)).toBe(onServer(sample));
    expect(inBrowser('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });
});
