import { BADGE_CATEGORIES } from '@ai-mind/contracts';
import { normalizeWords, stem } from '../../common/word-stems.js';

/** One headline from a news feed (or the bundled snapshot). */
export interface FeedItem {
  /** The outlet, e.g. the feed's channel title. */
  source: string;
  title: string;
  link: string | null;
  summary: string;
  publishedAt: string | null;
}

/** Items judged to be about the same story. */
export interface StoryCluster {
  items: FeedItem[];
  /** The item closest to all the others: its title names the topic and its link is the sourceUrl. */
  representative: FeedItem;
  category: string;
}

/**
 * Cosine similarity (TF-IDF over normalised title and summary words) at or above which two items are
 * the same story. Pinned by topic-clustering.spec.ts: rewrites of one headline by different outlets sit
 * well above it, different stories that share a word or two well below.
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.3;

type Vector = Map<string, number>;

/** Title words count twice: a headline says what the story is, a summary adds context. */
function termCounts(item: FeedItem): Vector {
  const counts: Vector = new Map();
  for (const word of normalizeWords(item.title)) counts.set(word, (counts.get(word) ?? 0) + 2);
  for (const word of normalizeWords(item.summary).slice(0, 60)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

function tfIdfVectors(items: FeedItem[]): Vector[] {
  const counts = items.map(termCounts);
  const documentFrequency = new Map<string, number>();
  for (const vector of counts) for (const word of vector.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  return counts.map((vector) => {
    const weighted: Vector = new Map();
    for (const [word, count] of vector) weighted.set(word, count * Math.log(1 + items.length / documentFrequency.get(word)!));
    return weighted;
  });
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [word, weight] of a) {
    normA += weight * weight;
    const other = b.get(word);
    if (other !== undefined) dot += weight * other;
  }
  for (const weight of b.values()) normB += weight * weight;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Pairwise similarity matrix of a batch of items (IDF is computed over the batch). */
export function similarityMatrix(items: FeedItem[]): number[][] {
  const vectors = tfIdfVectors(items);
  return vectors.map((a, i) => vectors.map((b, j) => (i === j ? 1 : cosine(a, b))));
}

/**
 * Groups items about the same story: two items are linked when their similarity reaches the
 * threshold, and a cluster is everything linked directly or through others. Deterministic: clusters
 * come out largest first, then by their earliest item.
 */
export function clusterItems(items: FeedItem[], threshold = DEFAULT_SIMILARITY_THRESHOLD): StoryCluster[] {
  const unique = dedupeByLink(items);
  const similarity = similarityMatrix(unique);
  const parent = unique.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < unique.length; i++) {
    for (let j = i + 1; j < unique.length; j++) {
      if (similarity[i]![j]! >= threshold) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, number[]>();
  unique.forEach((_, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), i]));

  return [...groups.values()]
    .map((members) => {
      const clusterItems = members.map((i) => unique[i]!);
      const centrality = members.map((i) => members.reduce((sum, j) => sum + similarity[i]![j]!, 0));
      const best = centrality.indexOf(Math.max(...centrality));
      return { items: clusterItems, representative: clusterItems[best]!, category: categorize(clusterItems), first: members[0]! };
    })
    .sort((a, b) => b.items.length - a.items.length || a.first - b.first)
    .map(({ items: clustered, representative, category }) => ({ items: clustered, representative, category }));
}

/** The same article listed twice (one outlet's several feeds) counts once. */
function dedupeByLink(items: FeedItem[]): FeedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.link ?? `${item.source}\n${item.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Category = (typeof BADGE_CATEGORIES)[number];

/** Keyword rules per category (stemmed like normalizeWords); the category with most hits wins. */
const CATEGORY_KEYWORDS: Record<Category, string[]> = {
  Politics: [
    'election',
    'vote',
    'voter',
    'parliament',
    'senate',
    'congress',
    'minister',
    'president',
    'government',
    'law',
    'lawmaker',
    'policy',
    'party',
    'campaign',
    'court',
    'regulator',
    'bill',
    'legislation',
    'mayor',
    'coalition',
    'ballot',
    'politic',
    'political',
  ],
  Technology: [
    'ai',
    'artificial',
    'intelligence',
    'software',
    'chip',
    'semiconductor',
    'robot',
    'data',
    'cyber',
    'app',
    'smartphone',
    'tech',
    'technology',
    'quantum',
    'satellite',
    'startup',
    'cloud',
    'algorithm',
    'model',
    'battery',
    'internet',
    'digital',
    'computer',
  ],
  Culture: [
    'film',
    'music',
    'art',
    'museum',
    'festival',
    'book',
    'novel',
    'streaming',
    'series',
    'fashion',
    'sport',
    'game',
    'culture',
    'cultural',
    'celebrity',
    'award',
    'theatre',
    'heritage',
    'language',
    'social',
    'media',
  ],
  Economics: [
    'economy',
    'economic',
    'inflation',
    'rate',
    'bank',
    'market',
    'stock',
    'trade',
    'tariff',
    'price',
    'job',
    'employment',
    'wage',
    'gdp',
    'growth',
    'recession',
    'budget',
    'tax',
    'investor',
    'central',
    'housing',
    'mortgage',
    'oil',
    'currency',
    'debt',
    'productivity',
    'firm',
    'company',
    'worker',
    'work',
    'union',
    'labour',
  ],
  'Global Events': [
    'war',
    'ceasefire',
    'climate',
    'earthquake',
    'flood',
    'storm',
    'wildfire',
    'summit',
    'united',
    'nation',
    'refugee',
    'pandemic',
    'disaster',
    'global',
    'world',
    'international',
    'humanitarian',
    'heatwave',
    'drought',
    'migration',
  ],
};
const CATEGORY_LOOKUP = new Map<string, Category[]>();
for (const [category, words] of Object.entries(CATEGORY_KEYWORDS) as [Category, string[]][]) {
  for (const word of words.map(stem)) CATEGORY_LOOKUP.set(word, [...(CATEGORY_LOOKUP.get(word) ?? []), category]);
}

/** The badge category whose keywords the cluster's headlines and summaries hit most; Global Events by default. */
export function categorize(items: FeedItem[]): Category {
  const hits = new Map<Category, number>();
  for (const item of items) {
    const words = [...normalizeWords(item.title), ...normalizeWords(item.title), ...normalizeWords(item.summary)];
    for (const word of words) for (const category of CATEGORY_LOOKUP.get(word) ?? []) hits.set(category, (hits.get(category) ?? 0) + 1);
  }
  let best: Category = 'Global Events';
  let bestHits = 0;
  for (const category of BADGE_CATEGORIES) {
    const count = hits.get(category) ?? 0;
    if (count > bestHits) [best, bestHits] = [category, count];
  }
  return best;
}

export type Trend = 'rising' | 'steady' | 'falling';

/** How a topic moved since the previous refresh; a story seen for the first time is rising. */
export function trendOf(mentions: number, previousMentions: number | null): Trend {
  if (previousMentions === null || mentions > previousMentions) return 'rising';
  return mentions < previousMentions ? 'falling' : 'steady';
}

/** Whether a stored topic (its title and the links of its items) is the same story as a new cluster. */
export function isSameStory(cluster: StoryCluster, stored: { topic: string; itemLinks: string[] }, threshold = DEFAULT_SIMILARITY_THRESHOLD): boolean {
  const links = new Set(stored.itemLinks);
  if (cluster.items.some((item) => item.link !== null && links.has(item.link))) return true;
  const probe: FeedItem = { source: '', title: stored.topic, link: null, summary: '', publishedAt: null };
  const titles = cluster.items.map((item) => ({ ...item, summary: '' }));
  const similarity = similarityMatrix([probe, ...titles])[0]!;
  return similarity.slice(1).some((value) => value >= threshold);
}
