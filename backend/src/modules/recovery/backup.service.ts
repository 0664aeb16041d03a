import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Article as ArticleDto } from '@ai-mind/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import type { BackupSnapshotResult } from '../../queue/job-types.js';
import { toAdminArticle } from '../articles/article-row.js';
import { ArticleRecoveryStore } from '../articles/article-recovery.store.js';
import { ArticleBackup } from './article-backup.entity.js';
import { backupFileTime, backupsToKeep } from './backup-retention.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** articles-<id>-<time>.json.gz: the id ties a file to its database row; the time sorts them. */
const BACKUP_FILE = /^articles-(\d+)-[\dTZ]+\.json\.gz$/;

/**
 * An article as a backup keeps it: with its version, and the newest interaction and comment ids its
 * counters include, so a restore adds the likes, shares and comments that came after the backup.
 */
export type BackedUpArticle = ArticleDto & { version?: number; interactionsThrough?: number; commentsThrough?: number };

/** One backup wherever it is: a row of article_backup, or a file of the backup folder with no row. */
export interface BackupSource {
  label: string;
  createdAt: Date;
  read: () => Promise<BackedUpArticle[]>;
}

/**
 * Compressed snapshots of every article (drafts included). Each is stored twice: as a row of
 * article_backup, which every process of the cluster can read, and as a file in the backup folder,
 * which survives a lost or rolled-back database (and which an operator can copy off the machine or
 * drop back in). The newest `retention` of each are kept, and the newest of each day of the last
 * `dailyDays` days (backup-retention.ts).
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger(BackupService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleRecoveryStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * With `skipIfUnchanged` (the backup before a deletion), nothing is written when the snapshot equals
   * the newest backup (gzip output is deterministic), so repeating a call cannot push older backups out;
   * the newest backup is answered instead.
   */
  async snapshot(reason: string, options: { skipIfUnchanged?: boolean } = {}): Promise<BackupSnapshotResult> {
    const em = this.em.fork();
    const articles = (await this.articles.snapshotAll()).map(
      (row): BackedUpArticle => ({ ...toAdminArticle(row), interactionsThrough: Number(row.interactions_through), commentsThrough: Number(row.comments_through) }),
    );
    const compressed = await gzipAsync(JSON.stringify(articles));
    const backup = em.create(ArticleBackup, {
      reason: reason.slice(0, 100),
      articleCount: articles.length,
      publishedCount: articles.filter((a) => a.approved).length,
      snapshot: compressed,
    });
    // Answered before the flush: the new row is then never written.
    const identical = options.skipIfUnchanged ? await this.newestIfIdentical(compressed) : null;
    if (identical) return identical;
    await em.flush();
    try {
      await this.writeFile(backup, compressed);
    } catch (error) {
      this.logger.error({ err: error, dir: this.config.backup.dir }, 'Could not write the backup file; the database copy is kept');
    }
    await this.prune();
    return { backupId: backup.id, articleCount: backup.articleCount, publishedCount: backup.publishedCount };
  }

  async read(backupId: number): Promise<BackedUpArticle[]> {
    const backup = await this.em.fork().findOneOrFail(ArticleBackup, backupId);
    return decode(Buffer.from(backup.snapshot));
  }

  /** The newest backup, from the database, else from the folder; null when there is none. */
  async latest(): Promise<BackupSource | null> {
    const [row] = await this.rows(1);
    if (row) return row;
    const [file] = await this.files(new Set());
    return file ?? null;
  }

  /** Every backup, newest first: the database rows, then the folder's files that have no row. */
  async all(): Promise<BackupSource[]> {
    const rows = await this.rows();
    const known = new Set(rows.map((row) => row.label));
    return [...rows, ...(await this.files(known))].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  private async rows(limit?: number): Promise<BackupSource[]> {
    const em = this.em.fork();
    const rows = await em.execute<{ id: number; created_at: Date }[]>(
      `select id, created_at from article_backup order by id desc${limit ? ` limit ${Number(limit)}` : ''}`,
    );
    return rows.map((row) => ({ label: `backup ${row.id}`, createdAt: new Date(row.created_at), read: () => this.read(row.id) }));
  }

  /** Folder files, newest first, leaving out those whose row (label in `known`) is already listed. */
  private async files(known: Set<string>): Promise<BackupSource[]> {
    const names = await fs.readdir(this.config.backup.dir).catch(() => [] as string[]);
    const sources: BackupSource[] = [];
    for (const name of names) {
      const match = BACKUP_FILE.exec(name);
      if (!match || known.has(`backup ${Number(match[1])}`)) continue;
      const file = path.join(this.config.backup.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) continue;
      sources.push({ label: `file ${name}`, createdAt: stat.mtime, read: async () => decode(await fs.readFile(file)) });
    }
    return sources.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  private async writeFile(backup: ArticleBackup, compressed: Buffer): Promise<void> {
    await fs.mkdir(this.config.backup.dir, { recursive: true });
    const stamp = backup.createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.join(this.config.backup.dir, `articles-${backup.id}-${stamp}.json.gz`);
    await fs.writeFile(`${file}.tmp`, compressed);
    await fs.rename(`${file}.tmp`, file);
  }

  /** The newest backup when its snapshot has exactly these bytes, else null. */
  private async newestIfIdentical(compressed: Buffer): Promise<BackupSnapshotResult | null> {
    const [newest] = await this.em.fork().find(ArticleBackup, {}, { orderBy: { id: 'desc' }, limit: 1 });
    if (!newest || !Buffer.from(newest.snapshot).equals(compressed)) return null;
    return { backupId: newest.id, articleCount: newest.articleCount, publishedCount: newest.publishedCount };
  }

  /** Applies the retention policy to the rows and, separately, to the files (which may outlive their rows). */
  private async prune(): Promise<void> {
    const policy = { newest: this.config.backup.retention, dailyDays: this.config.backup.dailyDays };
    const em = this.em.fork();
    const rows = await em.execute<{ id: number; created_at: Date }[]>('select id, created_at from article_backup');
    const keptRows = backupsToKeep(rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) })), policy);
    const dropped = rows.map((row) => row.id).filter((id) => !keptRows.has(id));
    if (dropped.length > 0) await em.execute('delete from article_backup where id in (?)', [dropped]);
    const files = (await fs.readdir(this.config.backup.dir).catch(() => [] as string[]))
      .map((name) => ({ name, match: BACKUP_FILE.exec(name) }))
      .filter((file): file is { name: string; match: RegExpExecArray } => file.match !== null)
      .map(({ name, match }) => ({ name, id: Number(match[1]), createdAt: backupFileTime(name) }));
    const keptFiles = backupsToKeep(files, policy);
    for (const file of files.filter((f) => !keptFiles.has(f.id))) {
      await fs.rm(path.join(this.config.backup.dir, file.name), { force: true });
    }
  }
}

async function decode(compressed: Buffer): Promise<BackedUpArticle[]> {
  return JSON.parse((await gunzipAsync(compressed)).toString('utf8')) as BackedUpArticle[];
}
