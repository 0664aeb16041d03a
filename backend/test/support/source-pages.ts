/** News pages as outlets publish them: navigation, the article, related links, a footer. */
export function newsPage(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><head><title>${title} | Markets Desk</title></head><body>
<header><nav><a href="/">Home</a> <a href="/markets">Markets</a> <a href="/subscribe">Subscribe for 1 dollar a week</a></nav></header>
<aside class="ad">Advertisement: Buy 3 get 1 free at Harbour Motors.</aside>
<main><article>
<h1>${title}</h1>
<p class="byline">By the markets team</p>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</article></main>
<section class="related"><h2>Related</h2><ul><li><a href="/a">Oil prices climb</a></li><li><a href="/b">Rates on hold</a></li></ul></section>
<footer>Copyright 2026 Markets Desk. All rights reserved. Cookie settings.</footer>
</body></html>`;
}

export const HOUSING_PARAGRAPHS = [
  'Builders started the fewest homes in three years in October, as high borrowing costs squeezed housing developers across the country.',
  'Starts fell 7.5% from September to an annual pace of 1,210,000 homes, the statistics office said on Tuesday.',
  'Permits for future construction, a guide to activity in the coming months, dropped for a fourth month in a row.',
  'Economists at Northgate Bank said they expect the slump to last until the central bank starts cutting rates.',
];

export const HOUSING_LEDGER_PARAGRAPHS = [
  'Housing starts slumped to a three-year low in October, and builders blamed borrowing costs and planning delays.',
  'Developers told the Ledger that land prices had not fallen enough to make new projects pay.',
];

export const HEAT_PARAGRAPHS = [
  'Electricity demand hit a record on Wednesday as the heatwave pushed air conditioning use to new highs.',
  'Grid operators asked factories to cut power use during the evening peak.',
];
