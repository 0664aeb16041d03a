import { jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApiApp } from '../src/app/create-api-app.js';
import type { AppConfig } from '../src/config/app-config.js';
import { ArticleReads, ArticleRecoveryStore, type ArticleRow, type SnapshotRow, toAdminArticle, toArticleDto } from '../src/modules/articles/index.js';
import { ArticleRestoreService } from '../src/modules/recovery/article-restore.service.js';
import { decodeBackup, type BackedUpArticle } from '../src/modules/recovery/backup-format.js';
import { BackupService } from '../src/modules/recovery/backup.service.js';
import { collect } from './support/collect.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const BATCH_SIZE = 7;

/**
 * Backups read in batches (BACKUP_BATCH_SIZE, here 7) and written one article per line, against a
 * database of their own: a backup holds every article, so no other suite's rows may come and go in it.
 */
describe('article backups in batches', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let config: AppConfig;
  let backups: BackupService;

  beforeAll(async () => {
    own = await createOwnDatabase();
    config = testConfig({ DATABASE_URL: own.url, BACKUP_BATCH_SIZE: String(BATCH_SIZE) });
    app = await createApiApp(config);
    backups = app.get(BackupService);
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.get(EntityManager).fork().execute<T[]>(query, params);
  const ids = async () => (await sql<{ id: number }>('select id from article order by id')).map((row) => row.id);
  const rows = async (of: number[]) => (await app.get(ArticleReads).findByIds(of)).sort((a, b) => a.id - b.id);
  /** Loss behind the application's back, with the revisions too: only backups can bring them back. */
  const lose = async (of: number[]) => {
    await sql('delete from article where id in (?)', [of]);
    await sql('delete from article_revision where article_id in (?)', [of]);
  };
  const essentials = (row: ArticleRow) => {
    const { id, title, slug, content, category, approved, likes, shares, comments, createdAt } = toArticleDto(row);
    return { id, title, slug, content, category, approved, likes, shares, comments, createdAt };
  };
  /** What a recovery run restored of these articles (other tests' lost articles come back too), with its source. */
  const restoredOf = (run: { restored: { id: number; source: string }[] }, of: number[]) =>
    run.restored.filter((article) => of.includes(article.id)).map((article) => [article.id, article.source]);
  const fileOf = async (backupId: number) => {
    const name = (await fs.readdir(config.backup.dir)).find((file) => file.startsWith(`articles-${backupId}-`));
    return path.join(config.backup.dir, name!);
  };

  /** `count` articles, every third a draft, inserted in one statement. */
  async function articles(count: number, label: string): Promise<number[]> {
    const slug = `${label.toLowerCase()}-${uniqueSuffix()}`;
    const inserted = await sql<{ id: number }>(
      `insert into article (title, slug, content, category, approved, likes, shares, comments, created_at, updated_at)
       select ? || ' ' || g, ? || '-' || g, '<p>' || ? || ' body ' || g || ' ✓</p>', 'Culture', g % 3 <> 0, g, 2 * g, 0, now(), now()
         from generate_series(1, ?) g returning id`,
      [label, slug, label, count],
    );
    return inserted.map((row) => row.id).sort((a, b) => a - b);
  }

  it('holds every article exactly once over many batches, with its counts, and recovery restores from it', async () => {
    const made = await articles(5 * BATCH_SIZE + 3, 'Batched');
    // Interactions of an article past the first batch: its backup says which ones its counters include.
    const [{ id: interactionId }] = (
      await sql<{ id: string }>(
        `insert into interaction (article_id, type, client_hash, created_at) values (?, 'like', 'a', now()), (?, 'share', 'b', now()) returning id`,
        [made[BATCH_SIZE + 2], made[BATCH_SIZE + 2]],
      )
    ).slice(-1) as [{ id: string }];

    // One article of incompressible text: the backup row is then read in more than one chunk.
    await sql('update article set content = ? where id = ?', [`<p>${randomBytes(1_200_000).toString('hex')}</p>`, made[3]]);

    const result = await backups.snapshot('many batches');
    const [{ size }] = (await sql<{ size: number }>('select octet_length(snapshot) as size from article_backup where id = ?', [result.backupId])) as [
      { size: number },
    ];
    expect(size).toBeGreaterThan(1024 * 1024);
    const all = await ids();
    const [{ published }] = (await sql<{ published: number }>('select count(*)::int as published from article where approved')) as [{ published: number }];
    expect(result).toMatchObject({ articleCount: all.length, publishedCount: published });
    const backedUp = await collect(backups.read(result.backupId));
    expect(backedUp.map((article) => article.id)).toEqual(all);
    expect(backedUp.find((article) => article.id === made[BATCH_SIZE + 2])).toMatchObject({ interactionsThrough: Number(interactionId), commentsThrough: 0 });
    // Each article as the rows give it, the file the same bytes as the row.
    const expected = (await rows(all)).map((row): BackedUpArticle => ({
      ...toAdminArticle(row),
      interactionsThrough: expect.any(Number) as number,
      commentsThrough: 0,
    }));
    expect(backedUp).toEqual(expected);
    expect(await collect(decodeBackup(createReadStream(await fileOf(result.backupId))))).toEqual(backedUp);

    const lost = made.filter((_, i) => i % 4 === 1);
    const before = (await rows(lost)).map(essentials);
    await lose(lost);
    const quick = await app.get(ArticleRestoreService).quick(undefined, 'test');
    expect(restoredOf(quick, made)).toEqual(lost.map((id) => [id, `backup ${result.backupId}`]));
    expect((await rows(lost)).map(essentials)).toEqual(before);
  });

  it('is one snapshot of the table even when articles are inserted, changed and deleted between its batches', async () => {
    await articles(3 * BATCH_SIZE, 'Concurrent');
    const atStart = await ids();
    const later = atStart.at(-1)!;
    const changed = atStart.at(-2)!;
    const [{ title: changedTitle }] = (await sql<{ title: string }>('select title from article where id = ?', [changed])) as [{ title: string }];
    let added = 0;

    // After the first batch is written, another connection commits changes the next batches would see.
    const store = app.get(ArticleRecoveryStore);
    const original = store.snapshotInBatches.bind(store);
    const spy = jest.spyOn(store, 'snapshotInBatches').mockImplementation((size, each) => {
      let first = true;
      return original(size, async (batch: SnapshotRow[]) => {
        await each(batch);
        if (!first) return;
        first = false;
        added = (await articles(2, 'Meanwhile'))[0]!;
        await sql('update article set title = ? where id = ?', ['Changed meanwhile', changed]);
        await sql('delete from article where id = ?', [later]);
      });
    });
    try {
      const result = await backups.snapshot('during changes');
      const backedUp = await collect(backups.read(result.backupId));
      expect(backedUp.map((article) => article.id)).toEqual(atStart);
      expect(result.articleCount).toBe(atStart.length);
      expect(backedUp.find((article) => article.id === changed)?.title).toBe(changedTitle);
    } finally {
      spy.mockRestore();
    }
    // The changes did commit: the next backup has them.
    const next = await collect(backups.read((await backups.snapshot('after the changes')).backupId));
    expect(next.map((article) => article.id)).toEqual(await ids());
    expect(next.map((article) => article.id)).toContain(added);
    expect(next.map((article) => article.id)).not.toContain(later);
  });

  it('reads and restores backups written before as one line, from a row and from a file', async () => {
    const [inRow, inFile] = await articles(2, 'Legacy');
    const legacy = async (id: number) =>
      gzipSync(JSON.stringify((await rows([id])).map((row) => ({ ...toAdminArticle(row), interactionsThrough: 0, commentsThrough: 0 }))));
    const expected = (await rows([inRow!, inFile!])).map(essentials);
    const rowBytes = await legacy(inRow!);
    const fileBytes = await legacy(inFile!);
    await lose([inRow!, inFile!]);
    const [{ id: rowId }] = (await sql<{ id: number }>(
      `insert into article_backup (reason, article_count, published_count, snapshot, created_at) values ('legacy', 1, 1, ?, now()) returning id`,
      [rowBytes],
    )) as [{ id: number }];
    await fs.writeFile(path.join(config.backup.dir, 'articles-999998-20260101T000000Z.json.gz'), fileBytes);

    expect((await collect(backups.read(rowId))).map((article) => article.id)).toEqual([inRow]);
    const quick = await app.get(ArticleRestoreService).quick(undefined, 'test');
    expect(restoredOf(quick, [inRow!, inFile!])).toEqual([[inRow, `backup ${rowId}`]]);
    const deep = await app.get(ArticleRestoreService).deep(undefined, 'test');
    expect(restoredOf(deep, [inRow!, inFile!])).toEqual([[inFile, 'file articles-999998-20260101T000000Z.json.gz']]);
    expect((await rows([inRow!, inFile!])).map(essentials)).toEqual(expected);
  });

  it('skips a damaged backup whole, even after good lines, and still restores from the others', async () => {
    const [inGood] = await articles(1, 'Good');
    const good = await backups.snapshot('good');
    // Only the damaged backup holds this one, on a good line before the damage, more than a batch before it.
    const [inDamaged] = await articles(1, 'Damaged');
    const others = await articles(2 * BATCH_SIZE, 'Filler');
    const lines = [...(await rows([inDamaged!])), ...(await rows(others))].map((row) =>
      JSON.stringify({ ...toAdminArticle(row), interactionsThrough: 0, commentsThrough: 0 }),
    );
    const damaged = gzipSync(`[\n${lines.join(',\n')},\n{"id": 1, "title": "cut off\n]`);
    await lose([inDamaged!, inGood!]);
    await sql(`insert into article_backup (reason, article_count, published_count, snapshot, created_at) values ('damaged', 2, 2, ?, now())`, [damaged]);
    await fs.writeFile(path.join(config.backup.dir, 'articles-999997-20260101T000000Z.json.gz'), Buffer.from('not gzip'));

    const deep = await app.get(ArticleRestoreService).deep(undefined, 'test');
    expect(restoredOf(deep, [inDamaged!, inGood!])).toEqual([[inGood, `backup ${good.backupId}`]]);
    expect(await rows([inDamaged!])).toEqual([]);
  });

  it('answers the newest backup when nothing changed, and writes a new one when something did', async () => {
    const first = await backups.snapshot('first');
    const count = async () => (await sql<{ n: number }>('select count(*)::int as n from article_backup'))[0]!.n;
    const held = await count();
    expect(await backups.snapshot('unchanged', { skipIfUnchanged: true })).toEqual(first);
    expect(await count()).toBe(held);

    const [changed] = await ids();
    await sql('update article set title = ? where id = ?', [`Changed ${uniqueSuffix()}`, changed]);
    const second = await backups.snapshot('changed', { skipIfUnchanged: true });
    expect(second.backupId).toBeGreaterThan(first.backupId);
    expect(await count()).toBe(held + 1);
    expect(await backups.snapshot('unchanged again', { skipIfUnchanged: true })).toEqual(second);
  });
});
