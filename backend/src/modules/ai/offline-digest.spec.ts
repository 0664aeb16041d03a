import fc from 'fast-check';
import { citedSourceNumbers, COMMENTARY_HEADING } from '@ai-mind/contracts';
import { checkClaims, factualSentences } from '../provenance/claim-check.js';
import type { GenerationSource } from './ai.types.js';
import { clusterItems, FEED_SNAPSHOT_ITEMS } from '../trending/index.js';
import { OfflinePersonaEngine } from './offline-persona.engine.js';

const engine = new OfflinePersonaEngine();

const WORDS =
  'budget council voters rates prices homes builders workers market growth storm coral reefs museum artefacts talks corridor chips factory grid demand'.split(
    ' ',
  );
const NAMES = ['Oslo', 'Maria Lopez', 'Northgate Bank', 'NATO', 'Lisbon', 'Ahmed Khan'];
const OPENINGS = ['The', 'Three', 'Officials', 'Maria Lopez', 'Researchers', '42'];

/** A sentence as a source writes one: an opening, words, maybe a name and a number, a full stop. */
const sentence = fc
  .record({
    opening: fc.constantFrom(...OPENINGS),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 4, maxLength: 12 }),
    name: fc.option(fc.constantFrom(...NAMES)),
    number: fc.option(fc.oneof(fc.integer({ min: 2, max: 2_000_000 }).map(String), fc.constantFrom('7.5%', 'three', 'twelve'))),
  })
  .map(({ opening, words, name, number }) => {
    const parts = [opening, ...words.slice(0, 2), ...(name ? ['in', name] : []), ...words.slice(2), ...(number ? ['by', number] : [])];
    return `${parts.join(' ')}.`;
  });

const source = (number: number) =>
  fc
    .record({
      outlet: fc.constantFrom('Markets Desk', 'Global Wire', 'The Daily Ledger', 'Civic Post'),
      title: fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 6 }).map((words) => words.join(' ')),
      summary: sentence,
      paragraphs: fc.array(fc.array(sentence, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
    })
    .map(({ outlet, title, summary, paragraphs }): GenerationSource => ({
      number,
      outlet,
      title,
      summary,
      text: paragraphs.length ? paragraphs.map((paragraph) => paragraph.join(' ')).join('\n') : null,
      link: null,
      publishedAt: null,
    }));

const sourceSets = fc.integer({ min: 1, max: 5 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => source(i + 1))));

describe('offline digest', () => {
  it('states nothing a source did not: every sentence outside the commentary is supported by a source sentence', async () => {
    await fc.assert(
      fc.asyncProperty(sourceSets, async (sources) => {
        const written = await engine.generateArticle({ topic: 'A story', category: 'Economics', sources });
        const claims = checkClaims(written.html, sources);
        expect(claims.length).toBeGreaterThan(0);
        for (const claim of claims) expect({ sentence: claim.sentence, flags: claim.flags }).toEqual({ sentence: claim.sentence, flags: [] });
        expect(claims.every((claim) => claim.score === 1)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('attributes and marks every sentence, citing only the sources it was given, with its opinion set apart', async () => {
    await fc.assert(
      fc.asyncProperty(sourceSets, async (sources) => {
        const written = await engine.generateArticle({ topic: 'A story', category: 'Economics', sources });
        const given = new Set(sources.map((s) => s.number));
        for (const line of factualSentences(written.html)) {
          const cited = citedSourceNumbers(line);
          expect(cited).toHaveLength(1);
          expect(given.has(cited[0]!)).toBe(true);
          const outlet = sources.find((s) => s.number === cited[0])!.outlet;
          expect(line.startsWith(outlet) || line.startsWith('It adds')).toBe(true);
        }
        expect(written.html).toContain(`<h2>${COMMENTARY_HEADING}</h2>`);
        expect(written.html.lastIndexOf('<h2>')).toBe(written.html.indexOf(`<h2>${COMMENTARY_HEADING}`));
      }),
      { numRuns: 100 },
    );
  });

  it('writes every story of the bundled snapshot from its feed items with no claim flagged', async () => {
    for (const cluster of clusterItems(FEED_SNAPSHOT_ITEMS)) {
      const sources = cluster.items.map((item, index): GenerationSource => ({
        number: index + 1,
        outlet: item.source,
        title: item.title,
        summary: item.summary,
        text: item.summary,
        link: item.link,
        publishedAt: item.publishedAt,
      }));
      const written = await engine.generateArticle({ topic: cluster.representative.title, category: cluster.category, sources });
      const claims = checkClaims(written.html, sources);
      expect(claims.length).toBeGreaterThanOrEqual(cluster.items.length);
      expect(claims.filter((claim) => claim.flags.length > 0)).toEqual([]);
    }
  });

  it('is deterministic and escapes what the sources say', async () => {
    const sources: GenerationSource[] = [
      {
        number: 1,
        outlet: 'Markets <Desk>',
        title: 'Grid',
        summary: 'Operators warn of <b>peak</b> demand this winter.',
        text: null,
        link: null,
        publishedAt: null,
      },
    ];
    const first = await engine.generateArticle({ topic: 'Grid strain', category: 'Economics', sources });
    expect(await engine.generateArticle({ topic: 'Grid strain', category: 'Economics', sources })).toEqual(first);
    expect(first.html).toContain('Markets &lt;Desk&gt; ');
    expect(first.html).toContain('&lt;b&gt;peak&lt;/b&gt; demand this winter [1].');
    expect(first.title).toBe('Grid strain: what the reports say');
  });

  it('says so instead of inventing when no source has a usable sentence', async () => {
    const written = await engine.generateArticle({
      topic: 'Quiet',
      category: 'Culture',
      sources: [{ number: 1, outlet: 'Civic Post', title: 'Quiet', summary: '', text: null, link: null, publishedAt: null }],
    });
    expect(factualSentences(written.html)).toEqual([]);
    expect(written.html).toContain('No source has said anything I could repeat yet');
  });
});
