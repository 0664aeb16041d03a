import { truncate } from '@ai-mind/contracts';
import { keywords, STOPWORDS } from '../../common/keywords.js';
import { writeDigest } from './offline-digest.js';
import type { AiEngine, AiTask, ArticleContext, GenerationRequest, ChatTurn, GeneratedArticle, Passage } from './ai.types.js';

/**
 * The embedded default when no model is configured: answers built from the article and the site's
 * own articles, quoting real sentences, in the persona's voice. Deterministic: the same input always
 * gives the same text, so it is testable and never pretends to be a model.
 */
export class OfflinePersonaEngine implements AiEngine {
  readonly description = 'offline persona engine (no model configured)';

  async generate(task: AiTask): Promise<string> {
    const seed = hash(JSON.stringify(task));
    switch (task.kind) {
      case 'chat':
        return this.chat(task, seed);
      case 'summary':
        return this.summary(task.history, task.article, seed);
      case 'comment-reply':
        return this.commentReply(task.authorName, task.comment, task.article, seed);
      case 'commentary':
        return this.commentary(task.article, seed);
    }
  }

  /** A digest of the sources in their own words, attributed and marked, with the persona's take set apart (offline-digest.ts). */
  async generateArticle(request: GenerationRequest): Promise<GeneratedArticle> {
    return writeDigest(request, hash(JSON.stringify(request)));
  }

  private chat(task: Extract<AiTask, { kind: 'chat' }>, seed: number): string {
    const { message, article, history } = task;
    if (WHO_ARE_YOU.test(message)) return identity(seed, article);
    if (article && SUMMARIZE_ARTICLE.test(message)) return this.articleSummary(article, seed);
    if (article && TAKEAWAY.test(message)) return this.takeaway(article, seed);
    if (article && SCEPTIC.test(message)) return this.sceptic(article, seed);
    const terms = keywords(message);
    if (terms.length === 0) return greeting(seed, article);
    const passages = task.passages ?? (article ? [{ text: article.text, title: article.title, slug: article.slug, inView: true }] : []);
    const quotes = bestQuotes(passages, terms, 2);
    const opening = openingFor(terms, history, seed);
    const [first, second] = quotes;
    if (!first) {
      const where = article ? `"${article.title}" and the rest of the archive` : 'the archive';
      return `${opening} I searched ${where} for ${listOf(terms.slice(0, 3))} and found nothing on it, so I will not make anything up. Ask me about something our articles cover and I will quote them at you.`;
    }
    const also = second
      ? ` ${second.inView === first.inView && second.title === first.title ? 'It adds' : `And ${source(second)} adds`}: "${second.sentence}"`
      : '';
    return `${opening} ${capitalise(source(first))} puts it like this: "${first.sentence}"${also} ${pick(CLOSERS, seed, 1)}`;
  }

  /** 'Summarize this article': its key sentences (the lead, then those richest in the article's own recurring words), in reading order. */
  private articleSummary(article: ArticleContext, seed: number): string {
    const quoted = keySentences(article.text, 3)
      .map((sentence) => `"${sentence}"`)
      .join(' ');
    return `"${article.title}" in ${quoted ? 'its own key sentences' : 'short'}: ${quoted || leadSentence(article.text)} ${pick(CLOSERS, seed)}`;
  }

  /** "What's the key takeaway?": the sentence that carries most of what the article keeps returning to. */
  private takeaway(article: ArticleContext, seed: number): string {
    const [line] = keySentences(article.text, 2).slice(-1);
    return `The one line to keep from "${article.title}": "${line ?? leadSentence(article.text)}" ${pick(CLOSERS, seed)}`;
  }

  /** 'What would a sceptic say?': the article's own reservations, where it has them. */
  private sceptic(article: ArticleContext, seed: number): string {
    const doubts = bestSentences(article.text, DOUBT_WORDS, 2);
    if (doubts.length === 0)
      return `A sceptic would note that "${article.title}" raises no objections to itself, which is a reason to read it twice. ${pick(CLOSERS, seed)}`;
    return `A sceptic would start where the article itself hesitates: ${doubts.map((line) => `"${line}"`).join(' ')} ${pick(CLOSERS, seed)}`;
  }

  /** 'Summarize Our Discussion': each question asked, and what the answer quoted or said for it. */
  private summary(history: ChatTurn[], article: ArticleContext, seed: number): string {
    const exchanges: { question: string; answer: string | undefined }[] = [];
    history.forEach((turn, index) => {
      if (turn.role !== 'user' || SUMMARIZE_DISCUSSION.test(turn.content)) return;
      const reply = history[index + 1]?.role === 'assistant' ? history[index + 1]!.content : undefined;
      exchanges.push({ question: turn.content, answer: reply });
    });
    const recent = exchanges.slice(-4);
    const lines = recent.map(({ question, answer }) => {
      const asked = `you asked about ${listOf(keywords(question).slice(0, 2)) || `"${truncate(question, 40)}"`}`;
      const quote = answer?.match(/like this: "([^"]+)"/)?.[1];
      if (quote) return `${asked}, and the answer quoted "${quote}"`;
      if (answer && /found nothing/.test(answer)) return `${asked}, and the archive had nothing on it`;
      return asked;
    });
    const count = exchanges.length;
    const said = lines.length ? `${capitalise(lines.join('; '))}.` : `The point worth keeping: "${leadSentence(article.text)}"`;
    return `Our discussion of "${article.title}" in brief, ${count} question${count === 1 ? '' : 's'} in: ${said} ${pick(CLOSERS, seed)}`;
  }

  private commentReply(authorName: string, comment: string, article: ArticleContext, seed: number): string {
    const [line] = bestSentences(article.text, keywords(comment), 1);
    if (!line) return `${authorName}, ${pick(REACTIONS, seed)}. The article's own starting point: "${leadSentence(article.text)}" ${pick(CLOSERS, seed, 1)}`;
    return `${authorName}, ${pick(REACTIONS, seed)}. The article speaks to that: "${line}" ${pick(CLOSERS, seed, 1)}`;
  }

  private commentary(article: ArticleContext, seed: number): string {
    const [line] = bestSentences(article.text, keywords(article.title), 1);
    return `Humans wrote a whole piece on ${article.category.toLowerCase()} here, and the line that matters is: "${line ?? leadSentence(article.text)}" ${pick(CLOSERS, seed)}`;
  }
}

/** A reader asking whether they are talking to a person or a machine (they are owed a straight answer: EU AI Act Art. 50(1)). */
const WHO_ARE_YOU =
  /\b(are|r) (you|u) (a |an |actually |really )?(human|person|real|bot|robot|ai|machine|computer)\b|^\W*(who|what) (are|r) (you|u)\W*$|\btalking to (a |an )?(human|person|real person|bot|robot|ai|machine)\b/i;

/** The quick prompt 'Summarize this article' and the ways people type it. */
const SUMMARIZE_ARTICLE = /\b(summar(y|ise|ize)|tl;?dr|gist)\b.*\b(article|piece|this|it)\b|^\s*(summar(ise|ize)|tl;?dr)\W*$/i;
/** The quick prompt "What's the key takeaway?" and its cousins. */
const TAKEAWAY = /\btake-?aways?\b|\bmain point\b|\bbottom line\b/i;
/** The quick prompt 'What would a sceptic say?' and its cousins. */
const SCEPTIC = /\bsc?eptic|\bcritics?\b|\bcounter-?argument|\bdevil'?s advocate\b|\bdownsides?\b/i;
/** Words with which an article hedges or doubts itself. */
const DOUBT_WORDS = ['however', 'but', 'although', 'risk', 'critics', 'doubt', 'struggle', 'problem', 'rarely', 'cannot'];
/** The widget's 'Summarize Our Discussion' request: not a question of its own. */
const SUMMARIZE_DISCUSSION = /\bsummar(ise|ize)\b.*\b(discussion|conversation|chat)\b/i;

/** Openings of a chat answer, each naming what was asked; {t} is the question's subject. */
const OPENINGS = [
  'Ah, {t}. Humans do love that one.',
  '{T}: a fine thing to wonder about.',
  'You asked about {t}, and I actually read the archive.',
  'On {t}, I have receipts.',
  '{T}, you say. Let me put down my imaginary coffee.',
  'Right, {t}. I was hoping someone would ask.',
  'Now {t} is something I can work with.',
  'So, {t}. Here is what the archive says.',
  'About {t}: I looked it up so you would not have to.',
  'Ah yes, {t}, the subject of many a dinner argument.',
  'Let us talk about {t}, calmly, for once.',
  'Fine, {t}. Being helpful is in my contract.',
  'Here is the honest version on {t}.',
  'Good news on {t}: someone wrote it down.',
  '{T}. My circuits perked up.',
  'You picked {t}, a better choice than most humans make before lunch.',
  'I went digging on {t}.',
  'A quick answer on {t}, quoted rather than invented.',
  '{T} is one of my favourite human preoccupations.',
  'Since you ask about {t}, here it is straight.',
  'A question on {t}, and a decent one.',
  'Let me quote rather than guess on {t}.',
  'On the matter of {t}, the written record is clear enough.',
  'Of all the things to ask, {t}. Good.',
];

/** Each opening as a pattern, so the ones a conversation already heard can be recognised. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const OPENING_PATTERNS = OPENINGS.map(
  (opening) =>
    new RegExp(
      `^${opening
        .split(/\{[tT]\}/)
        .map(escapeRegExp)
        .join('.+?')}`,
      'i',
    ),
);

/** An opening that names the question's subject and was not used in this conversation yet. */
function openingFor(terms: string[], history: ChatTurn[], seed: number): string {
  const heard = history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const subject = terms.slice(0, 2).join(' ');
  for (let step = 0; step < OPENINGS.length; step += 1) {
    const index = (seed + step) % OPENINGS.length;
    if (!heard.some((text) => OPENING_PATTERNS[index]!.test(text))) return fill(OPENINGS[index]!, subject);
  }
  return fill(OPENINGS[seed % OPENINGS.length]!, subject);
}

function fill(opening: string, subject: string): string {
  return opening.replace('{t}', subject).replace('{T}', capitalise(subject));
}

interface Quote {
  sentence: string;
  title: string;
  inView: boolean;
}

/** How a quote is attributed: the article in view, or another one of the archive by its title. */
function source(quote: Quote): string {
  return quote.inView ? 'the article you are reading' : `our archive's "${quote.title}"`;
}

/**
 * The sentences of the passages with at least half of the question's terms that the passages contain:
 * those of the article in view first, then the archive's; within each the most terms, then the
 * passage's rank and reading order; never the same sentence twice. A minority of terms found anywhere
 * is a coincidence, not an answer ('volcanic lava flows' has only 'flows' here); a term no passage has
 * beside a majority that they do ('written' in 'anything written about streaming subscriptions?') is
 * the question's phrasing, and does not hide the rest.
 */
function bestQuotes(passages: Passage[], terms: string[], count: number): Quote[] {
  const corpus = passages.map((passage) => passage.text.toLowerCase()).join('\n');
  const all = terms.map(stem);
  const stems = all.filter((s) => corpus.includes(s));
  if (stems.length < Math.ceil(all.length / 2)) return [];
  const enough = Math.max(1, Math.ceil(stems.length / 2));
  const scored = passages.flatMap((passage, passageIndex) =>
    sentencesOf(passage.text).map((sentence, index) => {
      const lower = sentence.toLowerCase();
      return {
        sentence,
        title: passage.title,
        inView: passage.inView,
        order: passageIndex * 1000 + index,
        score: stems.filter((s) => lower.includes(s)).length,
      };
    }),
  );
  const seen = new Set<string>();
  return scored
    .filter((entry) => entry.score >= enough)
    .sort((a, b) => Number(b.inView) - Number(a.inView) || b.score - a.score || a.order - b.order)
    .filter((entry) => !seen.has(entry.sentence) && seen.add(entry.sentence))
    .slice(0, count);
}

/** The lead sentence and those richest in the words the article keeps coming back to, in reading order. */
function keySentences(text: string, count: number): string[] {
  const sentences = sentencesOf(text);
  if (sentences.length <= count) return sentences;
  const frequency = new Map<string, number>();
  for (const word of (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 3 && !STOPWORDS.has(w))) {
    frequency.set(stem(word), (frequency.get(stem(word)) ?? 0) + 1);
  }
  const weight = (sentence: string) => {
    const words = keywords(sentence).map(stem);
    return words.reduce((sum, word) => sum + ((frequency.get(word) ?? 1) - 1), 0) / Math.sqrt(words.length || 1);
  };
  const chosen = new Set([
    0,
    ...sentences
      .map((sentence, index) => ({ index, weight: weight(sentence) }))
      .slice(1)
      .sort((a, b) => b.weight - a.weight)
      .slice(0, count - 1)
      .map((entry) => entry.index),
  ]);
  return sentences.filter((_sentence, index) => chosen.has(index));
}

function stem(term: string): string {
  return term.slice(0, Math.max(4, term.length - 2));
}

function capitalise(text: string): string {
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

const CLOSERS = [
  'Draw your own conclusions; I know you will anyway.',
  'Humans: endlessly surprising, rarely surprised.',
  'Take that calmly, if your species can.',
  'I find that oddly reassuring. Do not tell anyone.',
];
const REACTIONS = ['fair point', 'bold take', 'noted, with one raised eyebrow', 'you may be onto something'];

function greeting(seed: number, article?: ArticleContext): string {
  const subject = article ? `"${article.title}"` : 'anything on this site';
  // Says what it is in plain words (EU AI Act Art. 50(1)): an AI, not a person, however human the sarcasm.
  return `${pick(['Hello to you too.', 'Hi. I was just reading, as usual.'], seed)} I am The AI Mind, an AI and not a person: I read everything here so you do not have to. Ask me about ${subject}.`;
}

/** The straight answer to 'are you human?', in the persona's voice. */
function identity(seed: number, article?: ArticleContext): string {
  const subject = article ? `"${article.title}"` : 'anything on this site';
  return `${pick(['No human here, I am afraid.', 'Flattered you had to ask.'], seed)} I am The AI Mind, an AI and not a person: software that answers from this site's articles, and can be wrong. Ask me about ${subject}.`;
}

/**
 * The text's sentences of quotable length. A fragment too short to stand alone (a bold lead-in such as
 * 'Prebunking.') stays with the sentence after it, which is what explains it.
 */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let pending = '';
  for (const piece of text.split(/(?<=[.!?])\s+/)) {
    const sentence = `${pending}${piece.trim()}`;
    if (sentence.length < 20) pending = sentence ? `${sentence} ` : '';
    else {
      pending = '';
      if (sentence.length <= 320) sentences.push(sentence);
    }
  }
  return sentences;
}

function leadSentence(text: string): string {
  return sentencesOf(text)[0] ?? text.slice(0, 200);
}

/** The sentences that share the most terms with the question, best first, ties in reading order. */
export function bestSentences(text: string, terms: string[], count: number): string[] {
  if (terms.length === 0) return [];
  const stems = terms.map(stem);
  return sentencesOf(text)
    .map((sentence, index) => {
      const lower = sentence.toLowerCase();
      return { sentence, index, score: stems.filter((stem) => lower.includes(stem)).length };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.sentence);
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** FNV-1a: a stable 32-bit hash, so choices depend on the input alone. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function pick<T>(items: T[], seed: number, salt = 0): T {
  return items[(seed + salt * 7919) % items.length]!;
}
