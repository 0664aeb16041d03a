import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { DEMO_ARTICLES } from '../src/app/demo-seed/demo-content.js';
import { createArticle } from './support/article-factory.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/**
 * The offline persona (no AI_BASE_URL) answering a fixed set of 20 questions about the demo articles,
 * in one conversation, through the real chat endpoint: paragraphs found by PostgreSQL full-text search
 * in the article in view, then in the archive.
 */
const QUESTIONS: { about: string | null; question: string; terms: string[] }[] = [
  { about: 'why-election-misinformation-outruns-fact-checks-and-what-slows-it-down', question: 'What is prebunking?', terms: ['prebunking'] },
  {
    about: 'why-election-misinformation-outruns-fact-checks-and-what-slows-it-down',
    question: 'Why can a correction not undo a rumour?',
    terms: ['correction', 'rumour'],
  },
  {
    about: 'the-quiet-politics-of-zoning-how-housing-became-the-issue-nobody-can-ignore',
    question: 'Who attends the evening meetings?',
    terms: ['evening meetings'],
  },
  {
    about: 'the-quiet-politics-of-zoning-how-housing-became-the-issue-nobody-can-ignore',
    question: 'Why do existing homeowners resist development?',
    terms: ['homeowners', 'development'],
  },
  { about: 'data-centres-are-rewriting-the-power-grids-to-do-list', question: 'How long do transmission lines take?', terms: ['transmission lines'] },
  { about: 'data-centres-are-rewriting-the-power-grids-to-do-list', question: 'Did efficiency gains cancel out growth?', terms: ['efficiency gains'] },
  { about: 'open-weight-ai-models-are-quietly-changing-who-gets-to-build', question: 'Does sensitive data leave the building?', terms: ['sensitive data'] },
  { about: 'open-weight-ai-models-are-quietly-changing-who-gets-to-build', question: 'Can latency improve?', terms: ['latency'] },
  {
    about: 'central-banks-have-learned-that-every-word-is-a-policy-decision',
    question: 'Is communication a policy instrument now?',
    terms: ['communication', 'policy instrument'],
  },
  {
    about: 'central-banks-have-learned-that-every-word-is-a-policy-decision',
    question: 'What happened when inflation rose sharply?',
    terms: ['inflation rose sharply'],
  },
  {
    about: 'from-just-in-time-to-just-in-case-who-pays-for-resilient-supply-chains',
    question: 'Why were car manufacturers short of microchips?',
    terms: ['microchips'],
  },
  {
    about: 'the-last-mile-problem-what-vaccine-logistics-teach-us-about-global-health',
    question: 'What can spoil an entire batch?',
    terms: ['spoil an entire batch'],
  },
  { about: 'extreme-heat-is-becoming-an-urban-planning-problem-everywhere', question: 'What is the urban heat island effect?', terms: ['urban heat island'] },
  {
    about: 'extreme-heat-is-becoming-an-urban-planning-problem-everywhere',
    question: 'Which outdoor workers face the highest risks?',
    terms: ['outdoor workers'],
  },
  {
    about: 'streaming-fatigue-is-real-and-the-cable-bundle-is-quietly-coming-back',
    question: 'Do viewers spend more time choosing than watching?',
    terms: ['choosing'],
  },
  { about: 'why-running-clubs-became-the-new-social-scene', question: 'How did remote work change casual social contact?', terms: ['remote work'] },
  { about: 'cleaning-the-oceans-starts-in-the-rivers-and-it-is-starting-to-work', question: 'Where does plastic reach the sea from?', terms: ['plastic'] },
  { about: 'what-four-day-week-pilots-actually-tell-employers', question: 'Did the pilots cut working hours without cutting pay?', terms: ['working hours'] },
  { about: null, question: 'What are large language models trained to predict?', terms: ['language models', 'predict'] },
  { about: null, question: 'Is weekday footfall in business districts back?', terms: ['footfall'] },
];

/** The quoted sentences of an answer. */
const quotes = (answer: string) => [...answer.matchAll(/"([^"]{20,})"/g)].map((match) => match[1]!);
const firstSentence = (answer: string) => answer.split(/(?<=[.!?:])\s/)[0]!;

describe('the offline persona answers from the archive', () => {
  let app: NestFastifyApplication;
  const ids = new Map<string, number>();
  const texts = new Map<string, string>();
  let nextIp = 1;
  const ip = () => `10.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  const chat = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/chat', payload, remoteAddress: ip() });

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    const em = app.get(EntityManager);
    for (const demo of DEMO_ARTICLES.filter((article) => article.approved)) {
      const article = await createArticle(em, { title: demo.title, slug: `${demo.slug}-${uniqueSuffix()}`, content: demo.content, category: demo.category });
      ids.set(demo.slug, article.id);
      texts.set(demo.slug, stripTags(demo.content));
    }
  });
  afterAll(() => app.close());

  it('quotes, for each of 20 questions, a sentence of the archive with its key terms, and never opens two answers alike', async () => {
    const sessionId = `persona-${uniqueSuffix()}`;
    const answers: string[] = [];
    for (const { about, question, terms } of QUESTIONS) {
      const response = await chat({ message: question, sessionId, ...(about ? { articleId: ids.get(about) } : {}) });
      expect(response.statusCode).toBe(200);
      const answer = response.json().response as string;
      answers.push(answer);
      const quoted = quotes(answer);
      const fitting = quoted.find((quote) => terms.every((term) => quote.toLowerCase().includes(term)));
      expect({ question, fitting: fitting !== undefined, answer }).toEqual({ question, fitting: true, answer });
      // Quoted, not invented: the sentence is in one of the articles.
      expect([...texts.values()].some((text) => text.includes(fitting!))).toBe(true);
      if (about) expect(answer.toLowerCase()).toContain('the article you are reading');
    }
    const openings = answers.map(firstSentence);
    expect(new Set(openings).size).toBe(QUESTIONS.length);
  });

  it('names the archive article it quotes when nothing is in view', async () => {
    const answer = (await chat({ message: 'Is weekday footfall in business districts back?', sessionId: `persona-${uniqueSuffix()}` })).json()
      .response as string;
    expect(answer.toLowerCase()).toContain(
      `our archive's "${DEMO_ARTICLES.find((a) => a.slug === 'the-downtown-of-2035-fewer-desks-more-doors')!.title}"`.toLowerCase(),
    );
  });

  it('answers the subject of a question, not its phrasing: a word no article has does not hide the rest', async () => {
    const answer = (await chat({ message: 'Is anything written about streaming subscriptions?', sessionId: `persona-${uniqueSuffix()}` })).json()
      .response as string;
    expect(answer).toContain(DEMO_ARTICLES.find((a) => a.slug === 'streaming-fatigue-is-real-and-the-cable-bundle-is-quietly-coming-back')!.title);
    expect(quotes(answer).some((quote) => /streaming|subscriptions/i.test(quote))).toBe(true);
  });

  it('says plainly when the archive has nothing', async () => {
    const answer = (await chat({ message: 'What about volcanic lava flows?', sessionId: `persona-${uniqueSuffix()}` })).json().response as string;
    expect(answer).toMatch(/found nothing on it, so I will not make anything up/);
    expect(quotes(answer)).toEqual([]);
  });

  it("'Summarize this article' gives the article's key sentences, and 'Summarize Our Discussion' what was said", async () => {
    const slug = 'data-centres-are-rewriting-the-power-grids-to-do-list';
    const articleId = ids.get(slug)!;
    const sessionId = `persona-${uniqueSuffix()}`;
    const summary = (await chat({ message: 'Summarize this article', articleId, sessionId })).json().response as string;
    const title = DEMO_ARTICLES.find((a) => a.slug === slug)!.title;
    const key = quotes(summary).filter((quote) => quote !== title);
    expect(key.length).toBe(3);
    for (const sentence of key) expect(texts.get(slug)).toContain(sentence);
    const transmission = (await chat({ message: 'How long do transmission lines take?', articleId, sessionId })).json().response as string;
    await chat({ message: 'Who pays for the upgrades?', articleId, sessionId });
    const discussion = await app.inject({ method: 'POST', url: '/api/chat/summary', payload: { articleId, sessionId }, remoteAddress: ip() });
    const said = discussion.json().response as string;
    expect(said).toContain('transmission lines');
    expect(said).toContain(quotes(transmission)[0]);
    expect(said).toMatch(/pays/);
  });
});
