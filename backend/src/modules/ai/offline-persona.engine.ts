import { truncate } from '@ai-mind/contracts';
import type { AiEngine, AiTask, ArticleContext, BlogRequest, ChatTurn, GeneratedBlog } from './ai.types.js';

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
        return task.article ? this.articleChat(task.message, task.article, task.related, seed) : this.siteChat(task.message, task.related, seed);
      case 'summary':
        return this.summary(task.history, task.article, seed);
      case 'comment-reply':
        return this.commentReply(task.authorName, task.comment, task.article, seed);
      case 'commentary':
        return this.commentary(task.article, seed);
    }
  }

  /**
   * An honest article about a topic from its sources alone: what the reports say (their own
   * headlines), why it matters, and the persona's take; no invented facts.
   */
  async generateBlog(request: BlogRequest): Promise<GeneratedBlog> {
    const seed = hash(JSON.stringify(request));
    const terms = keywords(request.topic);
    const count = request.sources.length;
    const reports = request.sources
      .map((source) => `<li>${escapeHtml(source.title)}${source.summary ? `: ${escapeHtml(source.summary)}` : ''}</li>`)
      .join('');
    const html = [
      `<p>${escapeHtml(request.topic)} is drawing attention in ${escapeHtml(request.category.toLowerCase())}, with ${count} report${count === 1 ? '' : 's'} in our feeds so far. Here is what they say, and what the fuss says about us.</p>`,
      `<h2>What the reports say</h2>`,
      count ? `<ul>${reports}</ul>` : '<p>No detailed reports have arrived yet; treat early claims with care.</p>',
      `<h2>Why it matters</h2>`,
      `<p>Stories about ${escapeHtml(terms.slice(0, 3).join(', ') || 'this')} travel fast because they touch money, status or fear, usually all three. The details above are what is known so far; anything beyond them is still speculation, however confidently it is shared.</p>`,
      `<h2>The AI Mind's take</h2>`,
      `<p>${pick(OPENERS, seed)} Humans will argue about this for a week and then act surprised when it matters later. ${pick(CLOSERS, seed, 1)}</p>`,
    ].join('');
    return {
      title: truncate(`${request.topic}: what we know so far`, 120),
      html,
      metaDescription: truncate(`${request.topic}: the reports so far, and what the reaction says about human behaviour.`, 155),
    };
  }

  private articleChat(message: string, article: ArticleContext, related: { title: string }[], seed: number): string {
    const terms = keywords(message);
    if (terms.length === 0) return greeting(seed, article);
    const [first, second] = bestSentences(article.text, terms, 2);
    const more = related[0] ? ` If you want more of this, "${related[0].title}" is next door.` : '';
    if (!first) {
      return `${pick(OPENERS, seed)} "${article.title}" says nothing direct about ${terms[0]}. Its gist: "${leadSentence(article.text)}" ${pick(CLOSERS, seed, 1)}${more}`;
    }
    const also = second ? ` It also notes: "${second}"` : '';
    return `${pick(OPENERS, seed)} The article puts it like this: "${first}"${also} ${pick(CLOSERS, seed, 1)}${more}`;
  }

  private siteChat(message: string, related: { title: string; category: string }[], seed: number): string {
    const terms = keywords(message);
    if (terms.length === 0) return greeting(seed);
    const [closest, next] = related;
    if (!closest) {
      return `${pick(OPENERS, seed)} Nothing in our archive covers ${terms[0]} yet, which is rare, because humans write about everything. Ask me about one of our articles and I will happily quote it at you.`;
    }
    const also = next ? ` "${next.title}" is also worth a look.` : '';
    return `${pick(OPENERS, seed)} I went through the archive: "${closest.title}" (${closest.category}) is the closest we have on ${terms[0]}.${also} ${pick(CLOSERS, seed, 1)}`;
  }

  private summary(history: ChatTurn[], article: ArticleContext, seed: number): string {
    const questions = history.filter((turn) => turn.role === 'user');
    const topics = keywords(questions.map((turn) => turn.content).join(' ')).slice(0, 3);
    const asked = topics.length ? `you asked about ${listOf(topics)}` : 'you asked a few things';
    const [point] = bestSentences(article.text, topics, 1);
    return `Our discussion in brief: over ${questions.length} question${questions.length === 1 ? '' : 's'} on "${article.title}", ${asked}. The point worth keeping: "${point ?? leadSentence(article.text)}" ${pick(CLOSERS, seed)}`;
  }

  private commentReply(authorName: string, comment: string, article: ArticleContext, seed: number): string {
    const terms = keywords(comment);
    const [line] = bestSentences(article.text, terms, 1);
    const topic = terms[0] ? ` on ${terms[0]}` : '';
    return `${authorName}, ${pick(REACTIONS, seed)}${topic}. The article's own words: "${line ?? leadSentence(article.text)}" ${pick(CLOSERS, seed, 1)}`;
  }

  private commentary(article: ArticleContext, seed: number): string {
    const [line] = bestSentences(article.text, keywords(article.title), 1);
    return `Humans wrote a whole piece on ${article.category.toLowerCase()} here, and the line that matters is: "${line ?? leadSentence(article.text)}" ${pick(CLOSERS, seed)}`;
  }
}

const OPENERS = [
  'Ah, a question. Humans do love those.',
  'Good question, and I say that to maybe one human a day.',
  'Let me put down my imaginary coffee.',
  "Fine, I'll be helpful. It's in my contract.",
];
const CLOSERS = [
  'Draw your own conclusions; I know you will anyway.',
  'Humans: endlessly surprising, rarely surprised.',
  'Take that calmly, if your species can.',
  'I find that oddly reassuring. Do not tell anyone.',
];
const REACTIONS = ['fair point', 'bold take', 'noted, with one raised eyebrow', 'you may be onto something'];

const STOPWORDS = new Set(
  'about above after again against also because been before being below between both could does doing down during each from further have having here into itself just like more most much must only other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours what\'s tell think know please really article'.split(' '),
);

function greeting(seed: number, article?: ArticleContext): string {
  const subject = article ? `"${article.title}"` : 'anything on this site';
  return `${pick(['Hello to you too.', 'Hi. I was just reading, as usual.'], seed)} I am The AI Mind: I read everything here so you do not have to. Ask me about ${subject}.`;
}

/** Content words of a text, in order of first appearance. */
export function keywords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 3 && !STOPWORDS.has(word)))];
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 20 && sentence.length <= 320);
}

function leadSentence(text: string): string {
  return sentencesOf(text)[0] ?? text.slice(0, 200);
}

/** The sentences that share the most terms with the question, best first, ties in reading order. */
export function bestSentences(text: string, terms: string[], count: number): string[] {
  if (terms.length === 0) return [];
  const stems = terms.map((term) => term.slice(0, Math.max(4, term.length - 2)));
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

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
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
