import { normalizeWords } from '../../common/word-stems.js';
import { FEED_SNAPSHOT_ITEMS } from './feed-snapshot.js';
import { categorize, clusterItems, DEFAULT_SIMILARITY_THRESHOLD, isSameStory, similarityMatrix, trendOf, type FeedItem } from './topic-clustering.js';

const item = (source: string, title: string, summary = '', link: string | null = null): FeedItem => ({ source, title, link, summary, publishedAt: null });

describe('topic clustering', () => {
  it('normalises titles: case, accents, punctuation, stopwords and common endings', () => {
    expect(normalizeWords("The Central Bank's rates: Café owners EXPECTED cuts!")).toEqual(['central', 'bank', 'rate', 'cafe', 'owner', 'expect', 'cut']);
  });

  it('groups the bundled snapshot into its fourteen stories, biggest first, at the default threshold', () => {
    const clusters = clusterItems(FEED_SNAPSHOT_ITEMS);
    expect(clusters.map((c) => c.items.length)).toEqual([5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1]);
    const [rates, climate, chips] = clusters;
    expect(new Set(rates!.items.map((i) => i.source)).size).toBe(5);
    expect(rates!.items.every((i) => /interest rates?/i.test(i.title))).toBe(true);
    expect(rates!.category).toBe('Economics');
    expect(climate!.items.every((i) => /climate summit/i.test(i.title))).toBe(true);
    expect(climate!.category).toBe('Global Events');
    expect(chips!.category).toBe('Technology');
    // The most representative headline (closest to all others) names the topic and gives the source link.
    expect(rates!.items).toContain(rates!.representative);
    expect(rates!.representative.link).toMatch(/^https:\/\//);
  });

  it('pins the threshold: the same story told by two outlets clusters, two stories sharing words do not', () => {
    const sameStory = [
      item('A', 'Housing starts fall to a three-year low', 'Builders started the fewest homes in three years.'),
      item('B', 'Housing starts slump as builders cite borrowing costs', 'Housing starts slumped to a three-year low.'),
    ];
    const differentStories = [
      item('A', 'Oil prices climb on supply cut pledge', 'Producers pledged to cut supply.'),
      item('B', 'Streaming services raise subscription prices again', 'Three streaming services raised prices.'),
    ];
    const same = similarityMatrix(sameStory)[0]![1]!;
    const different = similarityMatrix(differentStories)[0]![1]!;
    expect(DEFAULT_SIMILARITY_THRESHOLD).toBe(0.3);
    expect(same).toBeGreaterThanOrEqual(DEFAULT_SIMILARITY_THRESHOLD);
    expect(different).toBeGreaterThan(0);
    expect(different).toBeLessThan(DEFAULT_SIMILARITY_THRESHOLD);
    expect(clusterItems(sameStory)).toHaveLength(1);
    expect(clusterItems(differentStories)).toHaveLength(2);
    // Raising the threshold past the pair's similarity splits them: the threshold is what decides.
    expect(clusterItems(sameStory, same + 0.01)).toHaveLength(2);
  });

  it('counts the same link once, even when two feeds of one outlet both carry it', () => {
    const link = 'https://example.com/story';
    const clusters = clusterItems([item('A', 'Quantum computer passes milestone', '', link), item('A', 'Quantum computer passes milestone', '', link)]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.items).toHaveLength(1);
  });

  it('assigns categories by keyword rules, with Global Events as the fallback', () => {
    expect(categorize([item('A', 'Parliament passes election law', 'Lawmakers voted on the bill.')])).toBe('Politics');
    expect(categorize([item('A', 'New AI chip doubles battery life of smartphones')])).toBe('Technology');
    expect(categorize([item('A', 'Film festival opens with a museum retrospective')])).toBe('Culture');
    expect(categorize([item('A', 'Inflation eases as wages rise')])).toBe('Economics');
    expect(categorize([item('A', 'Something happened somewhere')])).toBe('Global Events');
  });

  it('says how a topic moved since the previous refresh', () => {
    expect(trendOf(4, null)).toBe('rising');
    expect(trendOf(5, 3)).toBe('rising');
    expect(trendOf(3, 3)).toBe('steady');
    expect(trendOf(2, 3)).toBe('falling');
  });

  it('recognises a stored story by a shared link or a similar title, and nothing else', () => {
    const [cluster] = clusterItems([item('A', 'Central bank holds interest rates steady', '', 'https://a.example/1')]);
    expect(isSameStory(cluster!, { topic: 'Something else entirely', itemLinks: ['https://a.example/1'] })).toBe(true);
    expect(isSameStory(cluster!, { topic: 'Interest rates held steady by the central bank', itemLinks: [] })).toBe(true);
    expect(isSameStory(cluster!, { topic: 'Museum returns looted artefacts', itemLinks: ['https://b.example/2'] })).toBe(false);
  });
});
