import type { ArticleContext } from './ai.types.js';
import { bestSentences, keywords, OfflinePersonaEngine } from './offline-persona.engine.js';
import { tidyAiText, AI_TEXT_MAX_CHARS } from './ai.service.js';

const article: ArticleContext = {
  title: 'Data Centres Are Rewriting the Power Grid',
  slug: 'data-centres',
  category: 'Technology',
  text:
    'For years, electricity demand in many developed economies was remarkably flat. ' +
    'Data centres now ask grid operators for connections the size of small towns. ' +
    'Transmission lines take a decade to permit and build, while a server hall takes eighteen months. ' +
    'Some operators are turning to on-site batteries and flexible workloads to ease the strain.',
};
const engine = new OfflinePersonaEngine();

describe('offline persona engine', () => {
  it('answers from the article: the reply quotes the sentences about the question', async () => {
    const reply = await engine.generate({ kind: 'chat', message: 'How long do transmission lines take to build?', history: [], article, related: [] });
    expect(reply).toContain('"Transmission lines take a decade to permit and build, while a server hall takes eighteen months."');
  });

  it('points a site-wide question to the related articles it was given', async () => {
    const reply = await engine.generate(
      { kind: 'chat', message: 'What do you think about electricity prices?', history: [], related: [{ title: 'Data Centres Are Rewriting the Power Grid', slug: 'x', category: 'Technology' }] },

    );
    expect(reply).toContain('"Data Centres Are Rewriting the Power Grid" (Technology)');
    expect(reply).toContain('electricity');
  });

  it('says honestly when the archive has nothing', async () => {
    const reply = await engine.generate({ kind: 'chat', message: 'Tell me about volcanoes', history: [], related: [] });
    expect(reply).toContain('Nothing in our archive covers volcanoes yet');
  });

  it('is deterministic: the same input gives the same text, another input may not', async () => {
    const task = { kind: 'commentary' as const, article };
    expect(await engine.generate(task)).toBe(await engine.generate(task));
  });

  it('summarises what the reader asked about', async () => {
    const reply = await engine.generate(
      {
        kind: 'summary',
        article,
        history: [
          { role: 'user', content: 'Why are batteries used?' },
          { role: 'assistant', content: 'Because.' },
          { role: 'user', content: 'And transmission permits?' },
        ],
      },

    );
    expect(reply).toMatch(/^Our discussion in brief: over 2 questions on "Data Centres Are Rewriting the Power Grid", you asked about batteries, used and transmission\./);
  });

  it('replies to a comment by name, with a line of the article', async () => {
    const reply = await engine.generate({ kind: 'comment-reply', article, authorName: 'Ada', comment: 'Batteries will never be enough.' });
    expect(reply).toMatch(/^Ada, .* on batteries\. The article's own words: "Some operators are turning to on-site batteries/);
  });
});

describe('text helpers', () => {
  it('finds content words and the sentences that share them', () => {
    expect(keywords('What about the grid, and Grid operators?')).toEqual(['grid', 'operators']);
    expect(bestSentences(article.text, ['operators', 'grid'], 1)).toEqual(['Data centres now ask grid operators for connections the size of small towns.']);
  });

  it('keeps AI text plain and within the length limit', () => {
    expect(tidyAiText('<b>Bold</b>   claim\n\nhere')).toBe('Bold claim here');
    const long = 'A sentence that goes on. '.repeat(100);
    const tidy = tidyAiText(long);
    expect(tidy.length).toBeLessThanOrEqual(AI_TEXT_MAX_CHARS);
    expect(tidy.endsWith('.')).toBe(true);
  });
});

describe('offline blog writer', () => {
  it('writes an article from the sources alone, escaping their text', async () => {
    const blog = await engine.generateBlog({
      topic: 'Heatwaves test city power grids',
      category: 'Global Events',
      sources: [
        { title: 'Grid operators warn of <b>peak</b> demand', summary: 'Demand records expected', url: 'https://example.com/a' },
        { title: 'Cities open cooling centres' },
      ],
    });
    expect(blog.title).toBe('Heatwaves test city power grids: what we know so far');
    expect(blog.html).toContain('<li>Grid operators warn of &lt;b&gt;peak&lt;/b&gt; demand: Demand records expected</li>');
    expect(blog.html).toContain('with 2 reports in our feeds so far');
    expect(blog.metaDescription.length).toBeLessThanOrEqual(158);
  });
});
