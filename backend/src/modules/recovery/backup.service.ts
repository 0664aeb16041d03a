import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { recoveryDb } from './tables.js';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { BackupSnapshotResult } from '../../queue/job-types.js';
import { ArticleRecoveryStore, type SnapshotRow, toAdminArticle } from '../articles/index.js';
import { decodeBackup, encodeBackup, type BackedUpArticle } from './backup-format.js';
import { backupFileTime, backupsToKeep } from './backup-retention.js';

/** articles-<id>-<time>.json.gz: the id ties a file to its database row; the time sorts them. */
const BACKUP_FILE = /^articles-(\d+)-[\dTZ]+\.json\.gz$/;

/** A backup row's bytes are read this many at a time, so no single value is as big as the archive. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** One backup wherever it is: a row of article_backup, or a file of the backup folder with no row. */
export interface BackupSource {
  label: string;
  createdAt: Date;
  /** Its articles, one at a time; throws where the backup is damaged. */
  read: () => AsyncIterable<BackedUpArticle>;
}

interface Encoded {
  compressed: Buffer;
  articleCount: number;
  publishedCount: number;
}

interface SavedBackup {
  id: number;
  createdAt: Date;
}

function toBackedUp(row: SnapshotRow): BackedUpArticle {
  return { ...toAdminArticle(row), interactionsThrough: Number(row.interactions_through), commentsThrough: Number(row.comments_through) };
}

/**
 * Compressed snapshots of every article (drafts included). Each is stored twice: as a row of
 * article_backup, which every process of the cluster can read, and as a file in the backup folder,
 * which survives a lost or rolled-back database (and which an operator can copy off the machine or
 * drop back in). The newest `retention` of each are kept, and the newest of each day of the last
 * `dailyDays` days (backup-retention.ts). Taking and reading a backup holds a batch of articles in the
 * JavaScript heap, not the archive: its compressed bytes live in Buffers, outside it (backup-format.ts;
 * only a backup written before, as one line, is parsed whole).
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger(BackupService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleRecoveryStore,
    @InjectConfig('backup') private readonly config: ConfigSlice<'backup'>,
  ) {}

  /**
   * With `skipIfUnchanged` (the backup before a deletion), nothing is written when the snapshot equals
   * the newest backup (gzip output is deterministic), so repeating a call cannot push older backups out;
   * the newest backup is answered instead.
   */
  async snapshot(reason: string, options: { skipIfUnchanged?: boolean } = {}): Promise<BackupSnapshotResult> {
    const encoded = await this.encode();
    const identical = options.skipIfUnchanged ? await this.newestIfIdentical(encoded.compressed) : null;
    if (identical) return identical;
    const backup = await this.insert(reason, encoded);
    try {
      await this.writeFile(backup, encoded.compressed);
    } catch (error) {
      this.logger.error({ err: error, dir: this.config.dir }, 'Could not write the backup file; the database copy is kept');
    }
    await this.prune();
    return { backupId: backup.id, articleCount: encoded.articleCount, publishedCount: encoded.publishedCount };
  }

  read(backupId: number): AsyncIterable<BackedUpArticle> {
    return decodeBackup(this.rowBytes(backupId));
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
    const rows = await recoveryDb(this.em.fork())
      .selectFrom('article_backup')
      .select(['id', 'created_at'])
      .orderBy('id', 'desc')
      .$if(Boolean(limit), (q) => q.limit(Number(limit)))
      .execute();
    return rows.map((row) => ({ label: `backup ${row.id}`, createdAt: new Date(row.created_at), read: () => this.read(row.id) }));
  }

  /** Folder files, newest first, leaving out those whose row (label in `known`) is already listed. */
  private async files(known: Set<string>): Promise<BackupSource[]> {
    const names = await fs.readdir(this.config.dir).catch(() => [] as string[]);
    const sources: BackupSource[] = [];
    for (const name of names) {
      const match = BACKUP_FILE.exec(name);
      if (!match || known.has(`backup ${Number(match[1])}`)) continue;
      const file = path.join(this.config.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) continue;
      sources.push({ label: `file ${name}`, createdAt: stat.mtime, read: () => decodeBackup(createReadStream(file)) });
    }
    return sources.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  private async writeFile(backup: SavedBackup, compressed: Buffer): Promise<void> {
    await fs.mkdir(this.config.dir, { recursive: true });
    const stamp = backup.createdAt
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const file = path.join(this.config.dir, `articles-${backup.id}-${stamp}.json.gz`);
    await fs.writeFile(`${file}.tmp`, compressed);
    await fs.rename(`${file}.tmp`, file);
  }

  /** Every article, read in batches and compressed as it comes. */
  private async encode(): Promise<Encoded> {
    let articleCount = 0;
    let publishedCount = 0;
    const compressed = await encodeBackup((write) =>
      this.articles.snapshotInBatches(this.config.batchSize, async (rows) => {
        articleCount += rows.length;
        publishedCount += rows.filter((row) => row.approved).length;
        await write(rows.map(toBackedUp));
      }),
    );
    return { compressed, articleCount, publishedCount };
  }

  /**
   * The bytes go to the driver as a bound binary parameter (Kysely binds every value), never into the
   * SQL text as hex, a string twice the archive's compressed size in the JavaScript heap.
   */
  private async insert(reason: string, encoded: Encoded): Promise<SavedBackup> {
    const row = await recoveryDb(this.em.fork())
      .insertInto('article_backup')
      .values({
        reason: reason.slice(0, 100),
        article_count: encoded.articleCount,
        published_count: encoded.publishedCount,
        snapshot: encoded.compressed,
        created_at: sql<Date>`now()`,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, createdAt: new Date(row.created_at) };
  }

  /** A row's compressed bytes, a chunk at a time; throws when the row is gone (pruned meanwhile). */
  private async *rowBytes(backupId: number): AsyncGenerator<Buffer> {
    const query = recoveryDb(this.em.fork());
    for (let offset = 1; ; offset += READ_CHUNK_BYTES) {
      const row = await query
        .selectFrom('article_backup')
        .select(sql<Buffer>`substring(snapshot from ${offset} for ${READ_CHUNK_BYTES})`.as('part'))
        .where('id', '=', backupId)
        .executeTakeFirst();
      if (!row) throw new Error(`Backup ${backupId} is gone`);
      if (row.part.length > 0) yield row.part;
      if (row.part.length < READ_CHUNK_BYTES) return;
    }
  }

  /**
   * The newest backup when its snapshot has exactly these bytes, else null. PostgreSQL compares
   * lengths and digests, so the newest backup's bytes never come into this process.
   */
  private async newestIfIdentical(compressed: Buffer): Promise<BackupSnapshotResult | null> {
    const newest = await recoveryDb(this.em.fork())
      .selectFrom('article_backup')
      .select(['id', 'article_count', 'published_count'])
      .where((eb) =>
        eb.and([
          eb(
            'id',
            '=',
            eb.selectFrom('article_backup').select((max) => max.fn.max('id').as('id')),
          ),
          eb(eb.fn('octet_length', ['snapshot']), '=', compressed.length),
          eb(eb.fn('sha256', ['snapshot']), '=', createHash('sha256').update(compressed).digest()),
        ]),
      )
      .executeTakeFirst();
    return newest ? { backupId: newest.id, articleCount: newest.article_count, publishedCount: newest.published_count } : null;
  }

  /** Applies the retention policy to the rows and, separately, to the files (which may outlive their rows). */
  private async prune(): Promise<void> {
    const policy = { newest: this.config.retention, dailyDays: this.config.dailyDays };
    const query = recoveryDb(this.em.fork());
    const rows = await query.selectFrom('article_backup').select(['id', 'created_at']).execute();
    const keptRows = backupsToKeep(
      rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) })),
      policy,
    );
    const dropped = rows.map((row) => row.id).filter((id) => !keptRows.has(id));
    if (dropped.length > 0) await query.deleteFrom('article_backup').where('id', 'in', dropped).execute();
    const files = (await fs.readdir(this.config.dir).catch(() => [] as string[]))
      .map((name) => ({ name, match: BACKUP_FILE.exec(name) }))
      .filter((file): file is { name: string; match: RegExpExecArray } => file.match !== null)
      .map(({ name, match }) => ({ name, id: Number(match[1]), createdAt: backupFileTime(name) }));
    const keptFiles = backupsToKeep(files, policy);
    for (const file of files.filter((f) => !keptFiles.has(f.id))) {
      await fs.rm(path.join(this.config.dir, file.name), { force: true });
    }
  }
}
