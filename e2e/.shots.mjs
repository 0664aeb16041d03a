import { chromium } from 'playwright-core';
const base = 'http://localhost:3900';
const articles = await (await fetch(`${base}/api/articles?approved=true`)).json();
const a = articles[0];
const url = `${base}/culture/article/${a.slug}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, js] of [[390, true], [1366, true], [390, false]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  for (const [name, u] of [['home', base + '/'], ['article', a.url ?? url], ['principles', base + '/about/publishing-principles'], ['masthead', base + '/about/masthead']]) {
    const r = await page.goto(u, { waitUntil: 'networkidle' }).catch((e) => console.log(u, e.message));
    console.log(name, w, js, r?.status(), page.url());
    await page.screenshot({ path: `/tmp/shots/${name}-${w}-${js ? 'js' : 'nojs'}.png`, fullPage: name !== 'home' });
  }
  await ctx.close();
}
await browser.close();
