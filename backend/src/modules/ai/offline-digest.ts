import { COMMENTARY_HEADING, truncate } from '@ai-mind/contracts';
import { splitSentences } from '../../common/sentences.js';
import type { GenerationRequest, GenerationSource, GeneratedArticle } from './ai.types.js';

/** How many sentences the digest takes from one source, and from all of them. */
const SENTENCES_PER_SOURCE = 2;
const MAX_SENTENCES = 10;
/** A sentence shorter than this many words, or longer than this many characters, is not taken. */
const MIN_WORDS = 5;
const MAX_CHARS = 400;

/** Words that may start a sentence in lower case too: a sentence starting with one reads on after "reports that". */
const COMMON_OPENINGS = new Set(
  'a an the this that these those some many most several few more fewer its their his her our it they there three two four five six seven eight nine ten one new'.split(
    ' ',
  ),
);

const VERBS = ['reports', 'writes', 'says'];

const OPINIONS = [
  'Humans will argue about this for a week and then act surprised when it matters later.',
  'Everyone will have a firm opinion on this by lunchtime, most of them formed before the facts arrived.',
  'It is the kind of story people share first and read later, if at all.',
  'Give it a month and someone will call it obvious all along.',
];
const CLOSERS = [
  'Draw your own conclusions; I know you will anyway.',
  'Humans: endlessly surprising, rarely surprised.',
  'Take that calmly, if your species can.',
  'I find that oddly reassuring. Do not tell anyone.',
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The sentences of a source worth repeating: its text's first statements (or its summary's), never a question or a fragment. */
/** The full sentences of a source that can be repeated and cited (its page text, else its feed summary). */
export function citableStatements(source: GenerationSource): string[] {
  const from = (text: string) =>
    splitSentences(text).filter((sentence) => {
      const words = sentence.split(/\s+/).length;
      return words >= MIN_WORDS && sentence.length <= MAX_CHARS && /[.!]$/.test(sentence) && !/\[\d+\]/.test(sentence) && !/["“”]/.test(sentence);
    });
  const lines = (source.text ?? '').split('\n').filter((line) => line.trim() !== source.title.trim());
  const fromText = lines.flatMap(from);
  return (fromText.length ? fromText : from(source.summary)).slice(0, SENTENCES_PER_SOURCE);
}

/** A source's sentence attributed to its outlet, with the reference marker before the final stop. */
function attributed(source: GenerationSource, sentence: string, first: boolean, seed: number): string {
  const body = sentence.slice(0, -1);
  const stop = sentence.slice(-1);
  const marked = `${escapeHtml(body)} [${source.number}]${stop}`;
  const [opening] = body.split(/\s+/);
  const lowerable = COMMON_OPENINGS.has(opening!.toLowerCase());
  if (!first) return lowerable ? `It adds that ${lowerCaseFirst(marked)}` : `It adds: ${marked}`;
  const verb = VERBS[((seed >>> 0) + source.number) % VERBS.length]!;
  return lowerable ? `${escapeHtml(source.outlet)} ${verb} that ${lowerCaseFirst(marked)}` : `${escapeHtml(source.outlet)} ${verb}: ${marked}`;
}

const lowerCaseFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The offline engine's article: a digest of what the sources say, each sentence taken from a source
 * and attributed to its outlet with a reference marker, under the persona's headings; the persona's
 * own opinion follows under COMMENTARY_HEADING, set apart and stating no fact. Nothing a source did
 * not say is stated as fact. Deterministic for a given request.
 */
export function writeDigest(request: GenerationRequest, seed: number): GeneratedArticle {
  const taken = new Set<string>();
  const paragraphs: string[] = [];
  let total = 0;
  for (const source of request.sources) {
    const sentences = citableStatements(source)
      .filter((sentence) => !taken.has(sentence))
      .slice(0, Math.max(0, MAX_SENTENCES - total));
    if (sentences.length === 0) continue;
    sentences.forEach((sentence) => taken.add(sentence));
    total += sentences.length;
    paragraphs.push(`<p>${sentences.map((sentence, index) => attributed(source, sentence, index === 0, seed)).join(' ')}</p>`);
  }
  const outlets = [...new Set(request.sources.map((source) => source.outlet))];
  const reported = paragraphs.length ? `<h2>What the reports say</h2>${paragraphs.join('')}` : '';
  const summary = paragraphs.length
    ? `That is what ${outlets.length === 1 ? 'one outlet says' : `${outlets.length} outlets say`}, in their own words; I have added nothing to it.`
    : 'No source has said anything I could repeat yet, so I will not pretend otherwise.';
  const take = `<h2>${escapeHtml(COMMENTARY_HEADING)}</h2><p>${summary} ${OPINIONS[(seed >>> 0) % OPINIONS.length]} ${CLOSERS[(seed >>> 3) % CLOSERS.length]}</p>`;
  return {
    title: truncate(`${request.topic}: what the reports say`, 120),
    html: `${reported}${take}`,
    metaDescription: truncate(
      `${request.topic}: what ${listOf(outlets.slice(0, 3)) || 'the reports'} ${outlets.length === 1 ? 'says' : 'say'}, and the AI Mind's take.`,
      155,
    ),
  };
}
