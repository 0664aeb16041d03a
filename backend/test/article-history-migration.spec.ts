import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../src/app/orm-config.js';
import { uniqueSuffix } from './support/test-config.js';

/**
 * The article_history migration on a database that already has articles, revisions written by the
 * application before it, comments and approved topics: old revisions keep every field in the row's
 * own form, and comments and topic links survive a lost row from then on.
 */
describe('the article_history migration', () => {
  const name = `own_${uniqueSuffix()}`;
  let admin: MikroORM;
  let orm: MikroORM;

  beforeAll(async () => {
    admin = await MikroORM.init(createOrmConfig({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1 }));
    await admin.em.getConnection().execute(`create database "${name}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: url.toString(), poolMax: 1 }));
  });
  afterAll(async () => {
    await orm.close(true);
    await admin.em.getConnection().execute(`drop database "${name}" with (force)`);
    await admin.close(true);
  });

  it('converts earlier revisions to the row form and keeps comments and topics when a row is lost', async () => {
    await orm.migrator.up({ to: 'Migration20261124090000_search_vector_inline' });
    const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);
    await sql(`insert into article (id, title, slug, content, category, approved, likes, shares, comments, created_at, updated_at)
               values (7, 'Before', 'before', '<p>Body</p>', 'Economics', true, 3, 1, 1, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')`);
    const before = {
      id: 7,
      title: 'Before',
      slug: 'before',
      content: '<p>Body</p>',
      category: 'Economics',
      imageUrl: null,
      sourceUrl: null,
      aiCommentary: null,
      likes: 3,
      shares: 1,
      comments: 1,
      approved: true,
      isApproved: true,
      metaTitle: null,
      metaDescription: 'Old.',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    await sql(`insert into article_revision (article_id, slug, action, snapshot, created_at) values (7, 'before', 'update', ?, now())`, [
      JSON.stringify(before),
    ]);
    await sql(`insert into comment (article_id, author_name, content, client_hash, created_at) values (7, 'Reader', 'Kept.', 'x', now())`);
    await sql(
      `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values ('T', 'Economics', 'blog_received', 'test', now(), 7)`,
    );

    await orm.migrator.up();

    const [revision] = await sql<{ snapshot: Record<string, unknown>; actor: string }>(
      'select snapshot, actor from article_revision where article_id = 7 order by id limit 1',
    );
    expect(revision!.snapshot).toEqual({
      id: 7,
      title: 'Before',
      slug: 'before',
      content: '<p>Body</p>',
      category: 'Economics',
      image_url: null,
      source_url: null,
      ai_commentary: null,
      likes: 3,
      shares: 1,
      comments: 1,
      approved: true,
      meta_title: null,
      meta_description: 'Old.',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      version: 1,
    });
    expect(revision!.actor).toBe('sql');

    await sql('delete from article where id = 7');
    expect(await sql('select id from comment where article_id = 7')).toHaveLength(1);
    expect(await sql('select id from approved_topic where article_id = 7')).toHaveLength(1);
    const [deleted] = await sql<{ action: string; snapshot: { title: string } }>(
      'select action, snapshot from article_revision where article_id = 7 order by id desc limit 1',
    );
    expect(deleted).toMatchObject({ action: 'delete', snapshot: { title: 'Before' } });
  });
});
