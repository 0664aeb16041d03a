import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import { createApiApp } from '../src/app/create-api-app.js';
import type { AppConfig } from '../src/config/app-config.js';
import { BackupService } from '../src/modules/recovery/backup.service.js';
import { backupsToKeep } from '../src/modules/recovery/backup-retention.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';
import { attackTally } from './security/attack-tally.js';

const tally = attackTally('backup-flush');

const DAY = 24 * 3600 * 1000;

describe('backup retention: the newest N and one per day for D days', () => {
  it('keeps the newest N, and the newest of each of the last D days', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    // One backup a day at 06:00 and 18:00 for 20 days (ids grow with time), then 50 within the last hour.
    const backups = [
      ...Array.from({ length: 40 }, (_, i) => ({
        id: i + 1,
        createdAt: new Date(now.getTime() - (20 - Math.floor(i / 2)) * DAY + (i % 2 ? 18 : 6) * 3600 * 1000 - 12 * 3600 * 1000),
      })),
      ...Array.from({ length: 50 }, (_, i) => ({ id: 100 + i, createdAt: new Date(now.getTime() - (50 - i) * 60 * 1000) })),
    ];
    const kept = [...backupsToKeep(backups, { newest: 5, dailyDays: 7 }, now)].sort((a, b) => a - b);
    // Days 7 to 1 back: their later (18:00) backup; today: the newest five.
    expect(kept).toEqual([28, 30, 32, 34, 36, 38, 40, 145, 146, 147, 148, 149]);
    expect([...backupsToKeep(backups, { newest: 5, dailyDays: 0 }, now)].sort((a, b) => a - b)).toEqual([145, 146, 147, 148, 149]);
  });

  describe('on the running app', () => {
    let app: NestFastifyApplication;
    let config: AppConfig;
    let own: Awaited<ReturnType<typeof createOwnDatabase>>;
    const sql = <T>(query: string, params: unknown[] = []) => app.get(EntityManager).getConnection().execute<T[]>(query, params);

    beforeAll(async () => {
      own = await createOwnDatabase();
      config = testConfig({ DATABASE_URL: own.url, BACKUP_RETENTION_COUNT: '3', BACKUP_DAILY_DAYS: '7' });
      app = await createApiApp(config);
    });
    afterAll(async () => {
      await app.close();
      await own.drop();
    });

    it('cannot be flushed: 30 new backups today leave the backups of the days before in place', async () => {
      const backups = app.get(BackupService);
      const em = app.get(EntityManager);
      for (let day = 5; day >= 1; day--) {
        await createArticle(em, { title: `Day ${day}` });
        const { backupId } = await backups.snapshot(`day ${day}`);
        await sql('update article_backup set created_at = now() - make_interval(days => ?) where id = ?', [day, backupId]);
      }
      for (let i = 0; i < 30; i++) await backups.snapshot(`burst ${i}`);
      const reasons = (await sql<{ reason: string }>('select reason from article_backup order by id')).map((row) => row.reason);
      expect(reasons).toEqual(['day 5', 'day 4', 'day 3', 'day 2', 'day 1', 'burst 27', 'burst 28', 'burst 29']);
      const files = (await fs.readdir(config.backup.dir)).filter((name) => name.endsWith('.json.gz'));
      // The files carry the time they were written (today), so only the newest three remain of them.
      expect(files).toHaveLength(3);
    });

    it('skips the backup before a deletion when nothing changed since the newest, and anonymous calls take none', async () => {
      const admin = await signInAdmin(app);
      const count = async () => Number((await sql<{ n: string }>('select count(*) as n from article_backup'))[0]!.n);
      const newestId = async () => (await sql<{ id: number }>('select max(id) as id from article_backup'))[0]!.id;
      await createArticle(app.get(EntityManager), { title: 'Changed since the last backup' });
      const before = await newestId();
      // 60 deletions of an article that does not exist: the first backs the change up, the rest find nothing new.
      for (let i = 0; i < 60; i++) {
        const response = await app.inject({ method: 'POST', url: '/api/admin/decline-blog', headers: admin.headers, payload: { blogId: 999_999 } });
        expect(response.statusCode).toBe(404);
        if (i > 0) expect(tally.attempt((await newestId()) === before + 1)).toBe(true);
      }
      const held = await count();
      for (let i = 0; i < 10; i++) {
        const response = await app.inject({ method: 'POST', url: '/api/admin/decline-blog', payload: { blogId: 1 } });
        expect(response.statusCode).toBe(401);
        expect(tally.attempt((await count()) === held)).toBe(true);
      }
      expect(await newestId()).toBe(before + 1);
    });
  });
});
