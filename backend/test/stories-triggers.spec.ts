import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../src/app/orm-config.js';
import { pgPool } from '../src/database/pg-pool.js';
import { useOwnDatabase } from './support/own-database.js';
import { uniqueSuffix } from './support/test-config.js';

/**
 * The stories the database keeps, whoever writes (here: plain SQL, as an operator by hand or any path
 * that bypasses the API): an approval makes a story, the article it becomes joins it, publishing and
 * each note added after write a publication_event (NOTIFY publication_event), and a refresh that adds
 * feed items to the approved topic records them as reports with when they arrived.
 */
describe('stories kept by the database', () => {
  const own = useOwnDatabase();
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await own.orm.em.fork().getConnection().execute<T[]>(text, params)) as T[];

  const item = (n: number) => ({
    source: `Outlet ${n}`,
    title: `Report ${n} on the grid`,
    link: `https://news${n}.example.test/grid`,
    summary: 's',
    publishedAt: null,
  });

  async function approvedTopicWithArticle() {
    const suffix = uniqueSuffix();
    const [topic] = await sql<{ id: number }>(
      `insert into trending_topic (topic, source, category, status, items, created_at, updated_at)
       values (?, 'Outlet 1', 'Science and Tech', 'approved', ?::jsonb, now(), now()) returning id`,
      [`Grid queue ${suffix}`, JSON.stringify([item(1), item(2)])],
    );
    const [approved] = await sql<{ id: number }>(
      `insert into approved_topic (trending_topic_id, topic, category, status, approved_by, approved_at)
       values (?, ?, 'Science and Tech', 'queued', 'sql', now()) returning id`,
      [topic!.id, `Grid Queue: ${suffix}!`],
    );
    const [article] = await sql<{ id: number }>(
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       values (?, ?, '<p>Body.</p>', 'Science and Tech', false, now(), now()) returning id`,
      [`Grid queue ${suffix}`, `grid-queue-${suffix}`],
    );
    await sql(`update approved_topic set article_id = ?, status = 'blog_received' where id = ?`, [article!.id, approved!.id]);
    const [story] = await sql<{ id: number; slug: string; title: string; category: string; status: string }>(
      `select id, slug, title, category, status from story where approved_topic_id = ?`,
      [approved!.id],
    );
    return { suffix, topicId: topic!.id, approvedId: approved!.id, articleId: article!.id, story: story! };
  }

  it('makes a story when a topic is approved, and the article the topic becomes joins it', async () => {
    const { suffix, articleId, story } = await approvedTopicWithArticle();
    expect(story).toMatchObject({ slug: `grid-queue-${suffix}`, title: `Grid Queue: ${suffix}!`, category: 'science-and-tech', status: 'developing' });
    expect(await sql(`select story_id from story_article where article_id = ?`, [articleId])).toEqual([{ story_id: story.id }]);
    // The reports it was approved on.
    expect(await sql(`select outlet, at_approval from story_report where story_id = ? order by outlet`, [story.id])).toEqual([
      { outlet: 'Outlet 1', at_approval: true },
      { outlet: 'Outlet 2', at_approval: true },
    ]);
  });

  it('writes a publication event for the first publication and each note added after, and NOTIFYs each', async () => {
    const { articleId, story } = await approvedTopicWithArticle();
    // A connection of its own: the file's ORM has one.
    const listening = await MikroORM.init(createOrmConfig({ databaseUrl: own.orm.config.get('clientUrl')!, poolMax: 1 }));
    const listener = await (await pgPool(listening.em)).connect();
    const heard: string[] = [];
    listener.on('notification', (message) => {
      const { channel, payload } = (message ?? {}) as { channel?: string; payload?: string };
      if (channel === 'publication_event') heard.push(payload!);
    });
    await listener.query('listen publication_event');
    try {
      await sql(
        `update article set corrections = '[{"id":"n0","kind":"update","text":"Before publication.","createdAt":"2026-11-29T10:00:00Z"}]' where id = ?`,
        [articleId],
      );
      expect(await sql(`select * from publication_event where article_id = ?`, [articleId])).toEqual([]);
      await sql(`update article set stage = 'published' where id = ?`, [articleId]);
      await sql(`update article set title = title || ' (edited)' where id = ?`, [articleId]);
      await sql(
        `update article set corrections = corrections || '[{"id":"n1","kind":"update","text":"The regulator decided.","createdAt":"2026-11-29T12:00:00Z"},{"id":"n2","kind":"correction","text":"2 GW, not 20 GW.","createdAt":"2026-11-29T12:00:00Z"}]'::jsonb where id = ?`,
        [articleId],
      );
      // Unpublished and published again: no second 'published'.
      await sql(`update article set approved = false where id = ?`, [articleId]);
      await sql(`update article set approved = true where id = ?`, [articleId]);
      const events = await sql<{ id: string; kind: string; note: string | null; story_id: number; category: string }>(
        `select id, kind, note, story_id, category from publication_event where article_id = ? order by id`,
        [articleId],
      );
      expect(events.map((e) => [e.kind, e.note, e.story_id, e.category])).toEqual([
        ['published', null, story.id, 'science-and-tech'],
        ['update', 'The regulator decided.', story.id, 'science-and-tech'],
        ['correction', '2 GW, not 20 GW.', story.id, 'science-and-tech'],
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(events.map((e) => String(e.id)));
    } finally {
      listener.release(true);
      await listening.close(true);
    }
  });

  it('writes an event with no story for an article published without one', async () => {
    const [article] = await sql<{ id: number }>(
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       values ('Alone', ?, '<p>x</p>', 'Technology', true, now(), now()) returning id`,
      [`alone-${uniqueSuffix()}`],
    );
    expect(await sql(`select kind, story_id, category from publication_event where article_id = ?`, [article!.id])).toEqual([
      { kind: 'published', story_id: null, category: 'technology' },
    ]);
  });

  it('records the reports that arrive with each refresh, with when they arrived', async () => {
    const { topicId, story } = await approvedTopicWithArticle();
    await sql(`update trending_topic set items = ?::jsonb where id = ?`, [JSON.stringify([item(3), item(1), item(2)]), topicId]);
    await sql(`update trending_topic set items = ?::jsonb where id = ?`, [JSON.stringify([item(4), item(3), item(1), item(2)]), topicId]);
    const reports = await sql<{ outlet: string; at_approval: boolean; arrived_at: Date }>(
      `select outlet, at_approval, arrived_at from story_report where story_id = ? order by arrived_at, outlet`,
      [story.id],
    );
    expect(reports.map((r) => [r.outlet, r.at_approval])).toEqual([
      ['Outlet 1', true],
      ['Outlet 2', true],
      ['Outlet 3', false],
      ['Outlet 4', false],
    ]);
    expect(new Date(reports[3]!.arrived_at).getTime()).toBeGreaterThan(new Date(reports[2]!.arrived_at).getTime());
  });
});
