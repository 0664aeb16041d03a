import { CHAT_SOURCES_MAX, type ArticleSource } from '@ai-mind/contracts';
import { citableSources, citeSources, withoutMarkers } from './chat-citations.js';

const source = (number: number, link: string | null = `https://outlet.example/${number}`): ArticleSource => ({
  number,
  outlet: `Outlet ${number}`,
  title: `Story ${number}`,
  summary: 'Summary.',
  link,
  publishedAt: null,
  fetchStatus: 'fetched',
  fetchError: null,
  fetchedAt: null,
  contentHash: null,
  text: 'The page text, never passed on.',
});

describe('chat citations', () => {
  const sources = citableSources([source(2), source(1, null)]);

  it("offers the article's sources by their numbers with their own links (or none), never their text", () => {
    expect(sources).toEqual([
      { number: 1, outlet: 'Outlet 1', title: 'Story 1', link: null },
      { number: 2, outlet: 'Outlet 2', title: 'Story 2', link: 'https://outlet.example/2' },
    ]);
    expect(citableSources(null)).toEqual([]);
    expect(citableSources([source(3, 'javascript:alert(1)')])[0]!.link).toBeNull();
    const many = citableSources(Array.from({ length: 40 }, (_, i) => ({ ...source(i + 1), title: 'x'.repeat(5000) })));
    expect(many).toHaveLength(CHAT_SOURCES_MAX);
    expect(many[0]!.title).toHaveLength(300);
  });

  it('keeps the markers of sources the article has, drops the others, and lists what is cited', () => {
    expect(citeSources('Queues grow [2]. Nobody knows [9]. Both agree [1, 9, 2].', sources)).toEqual({
      response: 'Queues grow [2]. Nobody knows. Both agree [1, 2].',
      sources: [sources[0], sources[1]],
    });
    expect(citeSources('Queues grow [2].', sources).sources).toEqual([sources[1]]);
  });

  it("lists all the article's sources when the answer cites none, and nothing without sources", () => {
    expect(citeSources('Humans, honestly.', sources)).toEqual({ response: 'Humans, honestly.', sources });
    expect(citeSources('Humans queue [1].', [])).toEqual({ response: 'Humans queue.', sources: [] });
  });

  it("takes another article's markers out of its passages", () => {
    expect(withoutMarkers('The queue doubled [1]. Rates held [2, 3].')).toBe('The queue doubled. Rates held.');
  });
});
