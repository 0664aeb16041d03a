import type { ArticleContext, ChatTurn } from './ai.types.js';
import { keywords } from '../../common/keywords.js';
import { bestSentences, OfflinePersonaEngine } from './offline-persona.engine.js';
import { tidyAiText, AI_TEXT_MAX_CHARS } from './ai.service.js';

const article: ArticleContext = {
  title: 'Data Centres Are Rewriting the Power Grid',
  slug: 'data-centres',
  category: 'Technology',
  text:
    'For years, electricity demand in many developed economies was remarkably flat. ' +
    'Data centres now ask grid operators for connections the size of small towns. ' +
    'Transmission lines take a decade to permit and build, while a server hall takes eighteen months. ' +
    'Some operators are turning to on-site batteries and flexible workloads to ease the strain.',
};
const engine = new OfflinePersonaEngine();

describe('offline persona engine', () => {
  it('answers from the article: the reply quotes the sentences about the question', async () => {
    const reply = await engine.generate({ kind: 'chat', message: 'How long do transmission lines take to build?', history: [], article, related: [] });
    expect(reply).toContain('"Transmission lines take a decade to permit and build, while a server hall takes eighteen months."');
  });

  it('quotes the archive passages it was given, naming the article when it is not the one in view', async () => {
    const reply = await engine.generate({
      kind: 'chat',
      message: 'What do you think about electricity demand?',
      history: [],
      related: [],
      passages: [{ title: 'Data Centres Are Rewriting the Power Grid', slug: 'x', inView: false, text: article.text }],
    });
    expect(reply).toContain(
      'Our archive\'s "Data Centres Are Rewriting the Power Grid" puts it like this: "For years, electricity demand in many developed economies was remarkably flat."',
    );
    expect(reply.split('.')[0]).toContain('electricity demand');
  });

  it('says honestly when the archive has nothing, and quotes nothing', async () => {
    const reply = await engine.generate({ kind: 'chat', message: 'Tell me about volcanoes', history: [], related: [], passages: [] });
    expect(reply).toContain('I searched the archive for volcanoes and found nothing on it, so I will not make anything up.');
    expect(reply).not.toMatch(/"[^"]{20,}"/);
  });

  it('opens each answer of a conversation differently', async () => {
    const history: ChatTurn[] = [];
    const openings = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const message = 'How long do transmission lines take to build?';
      const reply = await engine.generate({ kind: 'chat', message, history: [...history], article, related: [] });
      openings.add(reply.split(/(?<=[.!?])\s/)[0]!);
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
    }
    expect(openings.size).toBe(12);
  });

  it("answers 'Summarize this article' with its key sentences, in reading order", async () => {
    const reply = await engine.generate({ kind: 'chat', message: 'Summarize this article', history: [], article, related: [] });
    const quoted = [...reply.matchAll(/"([^"]{20,})"/g)].map((m) => m[1]).filter((q) => q !== article.title);
    expect(quoted).toHaveLength(3);
    expect(quoted[0]).toBe('For years, electricity demand in many developed economies was remarkably flat.');
    const positions = quoted.map((q) => article.text.indexOf(q!));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });

  it('is deterministic: the same input gives the same text, another input may not', async () => {
    const task = { kind: 'commentary' as const, article };
    expect(await engine.generate(task)).toBe(await engine.generate(task));
  });

  it('summarises what the reader asked about', async () => {
    const reply = await engine.generate({
      kind: 'summary',
      article,
      history: [
        { role: 'user', content: 'Why are batteries used?' },
        {
          role: 'assistant',
          content:
            'Batteries, then. The article puts it like this: "Some operators are turning to on-site batteries and flexible workloads to ease the strain."',
        },
        { role: 'user', content: 'And volcanoes?' },
        { role: 'assistant', content: 'Volcanoes. I searched the archive for volcanoes and found nothing on it.' },
        { role: 'user', content: 'Summarize our discussion, please.' },
      ],
    });
    expect(reply).toMatch(
      /^Our discussion of "Data Centres Are Rewriting the Power Grid" in brief, 2 questions in: You asked about batteries, and the answer quoted "Some operators are turning to on-site batteries and flexible workloads to ease the strain."; you asked about volcanoes, and the archive had nothing on it\./,
    );
  });

  it('replies to a comment by name, with a line of the article', async () => {
    const reply = await engine.generate({ kind: 'comment-reply', article, authorName: 'Ada', comment: 'Batteries will never be enough.' });
    expect(reply).toMatch(/^Ada, [^.]+\. The article speaks to that: "Some operators are turning to on-site batteries/);
    expect(await engine.generate({ kind: 'comment-reply', article, authorName: 'Tester', comment: 'hello' })).toMatch(
      /^Tester, [^.]+\. The article's own starting point: "For years/,
    );
  });
});

describe('text helpers', () => {
  it('finds content words and the sentences that share them', () => {
    expect(keywords('What about the grid, and Grid operators?')).toEqual(['grid', 'operators']);
    expect(bestSentences(article.text, ['operators', 'grid'], 1)).toEqual(['Data centres now ask grid operators for connections the size of small towns.']);
  });

  it('keeps AI text plain and within the length limit', () => {
    expect(tidyAiText('<b>Bold</b>   claim\n\nhere')).toBe('Bold claim here');
    const long = 'A sentence that goes on. '.repeat(100);
    const tidy = tidyAiText(long);
    expect(tidy.length).toBeLessThanOrEqual(AI_TEXT_MAX_CHARS);
    expect(tidy.endsWith('.')).toBe(true);
  });

  it('says it is an AI, not a person, when asked, and only when asked', async () => {
    for (const message of ['Are you a bot?', 'Am I talking to a real person?', 'who are you?', 'Are you human']) {
      expect(await engine.generate({ kind: 'chat', message, history: [], related: [] })).toContain('I am The AI Mind, an AI and not a person');
    }
    const about = await engine.generate({ kind: 'chat', message: 'What are you saying about transmission lines?', history: [], article, related: [] });
    expect(about).not.toContain('not a person');
  });
});
