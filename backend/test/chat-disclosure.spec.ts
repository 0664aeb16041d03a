import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CHAT_AI_DISCLOSURE, ChatResponseSchema, type ChatResponse, type PublicArticle } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { createArticle } from './support/article-factory.js';
import { startFakeLlm } from './support/fake-llm-server.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

let nextIp = 1;
/** A fresh client address per call, so the chat's rate limit never decides a test here. */
const from = () => `10.41.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const session = () => randomUUID().replaceAll('-', '');

/** A body cited as the blog writer cites: each sourced sentence carries its source's number; [7] is a source the article does not have. */
const SOURCED_BODY =
  '<p>Markets Desk reports that grid connection queues have grown to four hundred gigawatts [1].</p>' +
  '<p>Power Wire reports that the regulator will publish connection reforms in March [2].</p>' +
  '<p>The Quillmoor interconnector queue doubled in a single year [1].</p>' +
  '<p>An old wire story once claimed the queues were shrinking [7].</p>';

/** An article with a kept source set (an approved topic's frozen sources), as the workflow leaves it. */
async function sourcedArticle(em: EntityManager, title: string) {
  const fork = em.fork();
  const [topic] = await fork.execute<{ id: number }[]>(
    `insert into approved_topic (topic, category, source_url, status, approved_by, approved_at) values ('Grid queues', 'Technology', null, 'blog_received', 'admin', now()) returning id`,
  );
  await fork.execute(
    `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, published_at, fetch_status, fetched_at, content_hash, text) values
      (?, 1, 'Markets Desk', 'Grid queues grow', 'Queues grow.', 'https://markets.example/grid-queues', '2026-11-26T08:00:00Z', 'fetched', '2026-11-27T09:00:00Z', 'ab', 'Queues grow.'),
      (?, 2, 'Power Wire', 'Regulator sets a date', 'A date is set.', 'https://wire.example/regulator', null, 'feed_only', null, 'cd', 'A date is set.')`,
    [topic!.id, topic!.id],
  );
  const article = await createArticle(em, { title, category: 'Technology', content: SOURCED_BODY });
  await fork.execute('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
  return article;
}

/**
 * The chat says what it is (EU AI Act Art. 50(1)) and cites the article it is about like the article
 * does: numbered markers and the article's own source list, never a source or a link it does not have.
 */
describe('the chat: an AI that says so, citing the sources of the article it discusses', () => {
  describe('with the offline persona engine', () => {
    let app: NestFastifyApplication;
    let em: EntityManager;
    beforeAll(async () => {
      app = await createApiApp(testConfig());
      em = app.get(EntityManager);
    });
    afterAll(() => app.close());

    const chat = async (payload: Record<string, unknown>): Promise<ChatResponse> => {
      const response = await app.inject({ method: 'POST', url: '/api/chat', payload, remoteAddress: from() });
      expect(response.statusCode).toBe(200);
      return ChatResponseSchema.parse(response.json());
    };
    /** The sources as the article's public record lists them (what its page shows under the body). */
    const publicSources = async (slug: string) => {
      const article = (await app.inject({ method: 'GET', url: `/api/articles/slug/${slug}` })).json() as PublicArticle;
      return article.provenance.sources!.map(({ number, outlet, title, link }) => ({ number, outlet, title, link }));
    };

    it('says with the first answer of a conversation that the reader is talking to an AI, and not again after it', async () => {
      const sessionId = session();
      const first = await chat({ message: 'Hi!', sessionId });
      expect(first.disclosure).toBe(CHAT_AI_DISCLOSURE);
      expect(first.disclosure).toContain('You are chatting with an AI, not a person');
      // The greeting itself says it in the persona's voice.
      expect(first.response).toContain('I am The AI Mind, an AI and not a person');
      // Asked outright, it answers straight, in the persona's voice.
      const second = await chat({ message: 'Wait, am I talking to a real person?', sessionId });
      expect(second.disclosure).toBeNull();
      expect(second.response).toMatch(/^(No human here, I am afraid\.|Flattered you had to ask\.) I am The AI Mind, an AI and not a person/);
      expect((await chat({ message: 'Are you a bot?', sessionId })).response).toContain('an AI and not a person');
      // Another conversation is told again.
      expect((await chat({ message: 'Hi!', sessionId: session() })).disclosure).toBe(CHAT_AI_DISCLOSURE);
    });

    it("cites an article's answer with its own markers and lists its sources with the article's links", async () => {
      const article = await sourcedArticle(em, `Grid queues ${uniqueSuffix()}`);
      const sources = await publicSources(article.slug);
      expect(sources.map((s) => s.link)).toEqual(['https://markets.example/grid-queues', 'https://wire.example/regulator']);

      const sessionId = session();
      const answer = await chat({ message: 'When will the regulator publish connection reforms?', articleId: article.id, sessionId });
      expect(answer.response).toContain('the regulator will publish connection reforms in March [2].');
      // The source the marker names, exactly as the article lists it: outlet, title and link.
      expect(answer.sources).toEqual([sources[1]]);

      // A marker the article's source set does not have is dropped, never listed; an answer that cites
      // none of its sources still lists the article's own.
      const unsourced = await chat({ message: 'Were the queues shrinking in the old wire story?', articleId: article.id, sessionId });
      expect(unsourced.response).toContain('the queues were shrinking.');
      expect(unsourced.response).not.toContain('[7]');
      expect(unsourced.sources).toEqual(sources);

      // The summary repeats the quotes with their markers, cited the same way.
      const summary = await app.inject({ method: 'POST', url: '/api/chat/summary', payload: { sessionId, articleId: article.id }, remoteAddress: from() });
      const summed = ChatResponseSchema.parse(summary.json());
      expect(summed.disclosure).toBeNull();
      expect(summed.response).toContain('[2]');
      expect(summed.sources).toEqual([sources[1]]);
    });

    it('cites the article a home-page message names by its title', async () => {
      const title = `Quillmoor grid queues ${uniqueSuffix()}`;
      const article = await sourcedArticle(em, title);
      const sources = await publicSources(article.slug);
      const answer = await chat({ message: `"${title}": when will the regulator publish connection reforms?`, sessionId: session() });
      expect(answer.response).toContain('[2]');
      expect(answer.sources).toEqual([sources[1]]);
    });

    it('carries no source and no marker in an answer about no article, even when it quotes a sourced one', async () => {
      await sourcedArticle(em, `Interconnector queues ${uniqueSuffix()}`);
      const answer = await chat({ message: 'Did the Quillmoor interconnector queue double?', sessionId: session() });
      expect(answer.response).toContain('The Quillmoor interconnector queue doubled in a single year.');
      expect(answer.response).not.toMatch(/\[\d/);
      expect(answer.sources).toEqual([]);
    });

    it('lists nothing for an article without recorded sources, and drops the markers its text has', async () => {
      const article = await createArticle(em, { content: '<p>Grid connection queues have grown to four hundred gigawatts [1].</p>' });
      const answer = await chat({ message: 'How large have grid connection queues grown?', articleId: article.id, sessionId: session() });
      expect(answer.response).toContain('have grown to four hundred gigawatts.');
      expect(answer.response).not.toContain('[1]');
      expect(answer.sources).toEqual([]);
    });
  });

  describe('with an OpenAI-compatible model', () => {
    let app: NestFastifyApplication;
    let em: EntityManager;
    let llm: Awaited<ReturnType<typeof startFakeLlm>>;
    beforeAll(async () => {
      llm = await startFakeLlm();
      app = await createApiApp(testConfig({ AI_BASE_URL: llm.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000' }));
      em = app.get(EntityManager);
    });
    afterAll(async () => {
      await app.close();
      await llm.close();
    });

    const chat = async (payload: Record<string, unknown>): Promise<ChatResponse> => {
      const response = await app.inject({ method: 'POST', url: '/api/chat', payload, remoteAddress: from() });
      expect(response.statusCode).toBe(200);
      return ChatResponseSchema.parse(response.json());
    };

    it("gives the model the article's numbered sources, keeps the markers it has and drops one it invented", async () => {
      const article = await sourcedArticle(em, `Grid queues by model ${uniqueSuffix()}`);
      llm.script({ kind: 'answer', text: 'Queues are huge, humans [1]. A rival outlet disagrees [9]. Reforms come in March [1, 2, 5].' });
      const before = llm.requests.length;
      const answer = await chat({ message: 'What is going on with the queues?', articleId: article.id, sessionId: session() });
      expect(answer.response).toBe('Queues are huge, humans [1]. A rival outlet disagrees. Reforms come in March [1, 2].');
      expect(answer.sources.map((s) => [s.number, s.outlet, s.link])).toEqual([
        [1, 'Markets Desk', 'https://markets.example/grid-queues'],
        [2, 'Power Wire', 'https://wire.example/regulator'],
      ]);
      expect(answer.disclosure).toBe(CHAT_AI_DISCLOSURE);
      const system = llm.requests[before]!.messages[0]!.content;
      expect(system).toContain('sarcastic but friendly');
      expect(system).toContain('never claim or pretend to be a person');
      expect(system).toContain('<data>\n[1] Markets Desk: Grid queues grow\n[2] Power Wire: Regulator sets a date\n</data>');
      // The model is never handed a source's link to repeat: links come from the record alone. (Passages
      // found by search may come from other suites' articles, whose titles hold anything: only this
      // article's source links are checked.)
      expect(system).not.toContain('markets.example');
      expect(system).not.toContain('wire.example');
    });

    it('strips every marker from an answer about no article: it has no sources to cite', async () => {
      llm.script({ kind: 'answer', text: 'Humans queue for everything [1]. Even for electricity [2].' });
      const answer = await chat({ message: 'Why do humans queue?', sessionId: session() });
      expect(answer).toEqual({ response: 'Humans queue for everything. Even for electricity.', sources: [], disclosure: CHAT_AI_DISCLOSURE });
    });
  });
});
