import { parseHTML } from 'linkedom';
import type { ClaimFlag } from '@ai-mind/contracts';
import { COMMENTARY_HEADING, SOURCE_MARKER_PATTERN } from '@ai-mind/contracts/body-markers';
import { splitSentences } from '../../common/sentences.js';
import { normalizeWords } from '../../common/word-stems.js';

/** A source as the check reads it: its number, outlet, and every sentence it states (title, summary, text). */
export interface CheckSource {
  number: number;
  outlet: string;
  title: string;
  summary: string;
  text: string | null;
}

export interface CheckedClaim {
  position: number;
  sentence: string;
  sourceNumber: number | null;
  passage: string | null;
  score: number;
  flags: ClaimFlag[];
}

/** Below this share of the sentence's words (weighted by rarity) found in its best passage, a claim is unsupported. */
export const SUPPORT_THRESHOLD = 0.5;
/** A sentence shorter than this many words states too little to check (a fragment, a sign-off). */
const MIN_CLAIM_WORDS = 5;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** How many of the most relevant passages (BM25) are weighed as a claim's support. */
const CANDIDATES = 5;

const BLOCKS = 'p, li, blockquote, h1, h2, h3, h4, h5, h6, figcaption, pre';
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The body's sentences that state something: not headings, not the commentary section, not questions or fragments. */
export function factualSentences(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const sentences: string[] = [];
  let inCommentary = false;
  for (const element of document.querySelectorAll(BLOCKS)) {
    if (element.querySelector(BLOCKS)) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (HEADINGS.has(element.tagName)) {
      inCommentary = text.toLowerCase() === COMMENTARY_HEADING.toLowerCase();
      continue;
    }
    if (inCommentary) continue;
    for (const sentence of splitSentences(text)) {
      const words = sentence
        .replace(SOURCE_MARKER_PATTERN, '')
        .split(/\s+/)
        .filter((word) => /\w/.test(word));
      if (words.length >= MIN_CLAIM_WORDS && !/\?["”’)]*(\s*\[\d+\])*$/.test(sentence)) sentences.push(sentence);
    }
  }
  return sentences;
}

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  half: '0.5',
  dozen: '12',
  single: '1',
  once: '1',
  twice: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  tenth: '10',
};

/** The numbers a text states, as digits ("three-year" and "3-year" alike; "1,200" as 1200). */
export function numbersIn(text: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) numbers.add(match[0].replace(/,(?=\d{3}\b)/g, '').replace(/\.0+$/, ''));
  for (const word of text.toLowerCase().split(/[^a-z]+/)) if (NUMBER_WORDS[word]) numbers.add(NUMBER_WORDS[word]);
  return numbers;
}

const SENTENCE_START_WORDS = new Set(['I', 'A', 'An', 'The']);

/** Capitalised words that are not a sentence's first word: the names a claim must not change. */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  const tokens = text.replace(SOURCE_MARKER_PATTERN, ' ').split(/\s+/);
  tokens.forEach((raw, index) => {
    const previous = index === 0 ? '' : tokens[index - 1]!;
    const startsSentence = index === 0 || /[.!?:]["”’)]?$/.test(previous) || /^["“‘(]/.test(raw);
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/, '');
    if (!/^\p{Lu}/u.test(word) || word.length < 2 || SENTENCE_START_WORDS.has(word)) return;
    if (startsSentence && !/^\p{Lu}{2,}$/u.test(word)) return;
    names.add(word.toLowerCase());
  });
  return names;
}

interface Passage {
  sourceNumber: number;
  sentence: string;
  terms: string[];
  lowered: string;
}

/** Every sentence of every source, each once: what a claim may be supported by. */
function passagesOf(sources: CheckSource[]): Passage[] {
  const seen = new Set<string>();
  const passages: Passage[] = [];
  for (const source of sources) {
    const lines = [source.title, ...(source.summary ? [source.summary] : []), ...(source.text ?? '').split('\n')];
    for (const sentence of lines.flatMap(splitSentences)) {
      const key = `${source.number}\n${sentence}`;
      if (seen.has(key)) continue;
      seen.add(key);
      passages.push({ sourceNumber: source.number, sentence, terms: normalizeWords(sentence), lowered: sentence.toLowerCase() });
    }
  }
  return passages;
}

/** "It adds that", "reports:" (once the outlet is taken out): the attribution before a sourced statement, not part of it. */
const ATTRIBUTION = /^(?:it\s+|they\s+)?(?:reports?|says?|writes?|adds?|notes?|reported|said|wrote|added|noted)(?:\s+that|:)\s*/i;

/** A sentence without its markers and without the outlets it attributes itself to ("Markets Desk reports that"). */
function claimCore(sentence: string, outlets: string[]): string {
  let core = sentence.replace(SOURCE_MARKER_PATTERN, ' ');
  for (const outlet of outlets) if (outlet) core = core.split(outlet).join(' ');
  return core.replace(/\s+/g, ' ').trim().replace(ATTRIBUTION, '');
}

/**
 * Checks each factual sentence of `html` against the sources: BM25 over the source sentences ranks
 * the passages, and of the most relevant the one that supports it best is kept (fewest flags, then
 * the highest score). The score is the share of the sentence's words, weighted by their rarity among
 * the sources (a word no source uses as a typical one), that the passage contains. Flags: unsupported below SUPPORT_THRESHOLD (or no passage
 * shares a word), a number or a name of the sentence missing from the passage. Deterministic and pure.
 */
export function checkClaims(html: string, sources: CheckSource[]): CheckedClaim[] {
  const passages = passagesOf(sources);
  const outlets = [...new Set(sources.map((source) => source.outlet))].sort((a, b) => b.length - a.length);
  const documentFrequency = new Map<string, number>();
  for (const passage of passages) for (const term of new Set(passage.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const count = passages.length;
  const averageLength = count ? passages.reduce((sum, passage) => sum + passage.terms.length, 0) / count : 1;
  const idfOf = (frequency: number) => Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  // A word no source uses weighs as a typical source word: a paraphrase's own wording costs it some support, not all.
  const typical = documentFrequency.size ? [...documentFrequency.values()].reduce((sum, frequency) => sum + idfOf(frequency), 0) / documentFrequency.size : 1;
  const idf = (term: string) => (documentFrequency.has(term) ? idfOf(documentFrequency.get(term)!) : typical);

  return factualSentences(html).map((sentence, position) => {
    const core = claimCore(sentence, outlets);
    const terms = [...new Set(normalizeWords(core))];
    const numbers = [...numbersIn(core)];
    const names = [...namesIn(core)];
    const total = terms.reduce((sum, term) => sum + idf(term), 0);
    const ranked = passages
      .map((passage) => ({ passage, relevance: bm25(passage, terms) }))
      .filter((entry) => entry.relevance > 0)
      .sort((a, b) => b.relevance - a.relevance)
      .slice(0, CANDIDATES);
    const judged = ranked.map(({ passage }) => {
      const present = new Set(passage.terms);
      const covered = terms.filter((term) => present.has(term)).reduce((sum, term) => sum + idf(term), 0);
      const score = total === 0 ? 0 : Math.round((covered / total) * 1000) / 1000;
      const flags: ClaimFlag[] = [];
      if (score < SUPPORT_THRESHOLD) flags.push('unsupported');
      const passageNumbers = numbersIn(passage.sentence);
      if (numbers.some((number) => !passageNumbers.has(number))) flags.push('number_mismatch');
      if (names.some((name) => !passage.lowered.includes(name))) flags.push('name_mismatch');
      return { passage, score, flags };
    });
    // The best support among the most relevant passages: fewest flags, then the most of the sentence covered.
    const best = judged.sort((a, b) => a.flags.length - b.flags.length || b.score - a.score)[0];
    if (!best) return { position, sentence, sourceNumber: null, passage: null, score: 0, flags: ['unsupported'] };
    return { position, sentence, sourceNumber: best.passage.sourceNumber, passage: best.passage.sentence, score: best.score, flags: best.flags };
  });

  function bm25(passage: Passage, terms: string[]): number {
    let score = 0;
    for (const term of terms) {
      let frequency = 0;
      for (const word of passage.terms) if (word === term) frequency++;
      if (frequency === 0) continue;
      score += (idf(term) * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * passage.terms.length) / averageLength));
    }
    return score;
  }
}
