import type { INestApplicationContext } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import type { AppConfig } from '../../config/app-config.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { DeepRecoveryResult, JobName, QuickRecoveryResult } from '../../queue/job-types.js';
import { ImagesService } from '../media/index.js';
import type { RecoveryProgress } from './recovery.processor.js';

/** Ops CLI runs wait as long as the work takes. */
const NO_TIMEOUT_MS = 24 * 3600 * 1000;

type Say = (line: string) => void;

/** Adds a recovery job and waits for it, printing its progress as it goes. */
async function runWithProgress(app: INestApplicationContext, config: AppConfig, name: JobName, say: Say): Promise<unknown> {
  const events = new QueueEvents('recovery', { connection: { url: config.redis.url } });
  await events.waitUntilReady();
  try {
    const job = await app.get(JobProducer).enqueue(name, name === 'backup-snapshot' ? { reason: 'ops cli' } : { requestedBy: 'ops cli' });
    say(`Queued ${name} (job ${job.id}).`);
    const onProgress = ({ jobId, data }: { jobId: string; data: unknown }) => {
      if (jobId !== job.id) return;
      const progress = data as RecoveryProgress;
      say(`[${String(progress.percent).padStart(3)}%] ${progress.message}`);
    };
    events.on('progress', onProgress);
    try {
      return await job.waitUntilFinished(events, NO_TIMEOUT_MS);
    } finally {
      events.off('progress', onProgress);
    }
  } finally {
    await events.close();
  }
}

const restoredLines = (result: QuickRecoveryResult) =>
  result.restored.map((a) => `  restored #${a.id} ${a.slug} (${a.approved ? 'published' : 'draft'}, from ${a.source})`);
const totals = (result: QuickRecoveryResult) => `Now ${result.totalArticlesNow} articles, ${result.publishedArticlesNow} published.`;

/** The recovery and image commands of main.cli.ts; each returns its summary, progress goes to `say`. */
export const OPS_COMMANDS: Record<string, (app: INestApplicationContext, config: AppConfig, args: string[], say: Say) => Promise<string>> = {
  async backup(app, config, _args, say) {
    const result = (await runWithProgress(app, config, 'backup-snapshot', say)) as { backupId: number; articleCount: number; publishedCount: number };
    return `Backup ${result.backupId}: ${result.articleCount} articles (${result.publishedCount} published), also in ${config.backup.dir}.`;
  },
  async 'recover:quick'(app, config, _args, say) {
    const result = (await runWithProgress(app, config, 'quick-recovery', say)) as QuickRecoveryResult;
    return [`Quick recovery restored ${result.restored.length} articles.`, ...restoredLines(result), totals(result)].join('\n');
  },
  async 'recover:deep'(app, config, _args, say) {
    const result = (await runWithProgress(app, config, 'deep-recovery', say)) as DeepRecoveryResult;
    return [
      `Deep recovery scanned ${result.backupsFound} backups and every revision: ${result.articlesFound} articles found, ${result.restored.length} restored.`,
      ...restoredLines(result),
      totals(result),
    ].join('\n');
  },
  async 'recover:sitemap'(app, config, _args, say) {
    const result = (await runWithProgress(app, config, 'recreate-from-sitemap', say)) as QuickRecoveryResult;
    return [`Recreated ${result.restored.length} articles listed in the last generated sitemap.`, ...restoredLines(result), totals(result)].join('\n');
  },
  async 'regenerate-images'(app, _config, args, say) {
    const all = args.includes('--all');
    const blogIds = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
    if (!all && blogIds.length === 0) throw new Error('Usage: regenerate-images --all | <article id>...');
    let lastPercent = -1;
    const outcome = await app.get(ImagesService).regenerate(all ? { regenerateAll: true } : { blogIds }, NO_TIMEOUT_MS, (progress, settled) => {
      const percent = Math.floor((100 * settled) / progress.queuedCount);
      if (percent === lastPercent && settled !== progress.queuedCount) return;
      lastPercent = percent;
      say(`[${String(percent).padStart(3)}%] ${settled} of ${progress.queuedCount} done (${progress.updatedCount} new, ${progress.failedCount} failed)`);
    });
    return `New images for ${outcome.updatedCount} of ${outcome.queuedCount} articles; ${outcome.failedCount} failed (see the queue dashboard).`;
  },
};
