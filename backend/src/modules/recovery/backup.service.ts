import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { BackupSnapshotResult } from '../../queue/job-types.js';
import { Article } from '../articles/article.entity.js';
import { toArticleDto } from '../articles/article.mapper.js';
import { ArticleBackup } from './article-backup.entity.js';
import type { Article as ArticleDto } from '@ai-mind/contracts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Writes and reads compressed snapshots of every article (drafts included). */
@Injectable()
export class BackupService {
  constructor(private readonly em: EntityManager) {}

  async snapshot(reason: string): Promise<BackupSnapshotResult> {
    const em = this.em.fork();
    const articles = await em.find(Article, {}, { orderBy: { id: 'asc' } });
    const backup = em.create(ArticleBackup, {
      reason,
      articleCount: articles.length,
      publishedCount: articles.filter((a) => a.approved).length,
      snapshot: await gzipAsync(JSON.stringify(articles.map(toArticleDto))),
    });
    await em.flush();
    return { backupId: backup.id, articleCount: backup.articleCount, publishedCount: backup.publishedCount };
  }

  async read(backupId: number): Promise<ArticleDto[]> {
    const backup = await this.em.fork().findOneOrFail(ArticleBackup, backupId);
    return JSON.parse((await gunzipAsync(backup.snapshot)).toString('utf8')) as ArticleDto[];
  }
}
