import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ArticleChangeListener } from './article-change.listener.js';
import { ArticleDisclosureService } from './article-disclosure.service.js';

/**
 * Keeps every article's grade current after each committed change of it, whoever made it (an editor,
 * a job, recovery, the demo seed, SQL by hand): on every article_changed notification (coalesced by
 * ArticleChangeListener) and once at start, it grades the articles whose newest revision is newer than
 * their kept grade. One sweep at a time in this process; a change heard during one runs another after
 * it. Other API processes do the same: a per-article lock and the history's constraints make their
 * work safe to overlap (ArticleDisclosureService.refresh). Changes of the claims alone (a claim check
 * after a save) refresh their article where they are made (ClaimCheckService).
 */
@Injectable()
export class ArticleGradeKeeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ArticleGradeKeeper.name);
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly changes: ArticleChangeListener,
    private readonly disclosure: ArticleDisclosureService,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.changes.subscribe(() => this.sweep());
    this.sweep();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.running;
  }

  /** Resolves once every change heard so far is graded (tests, and a caller that wants its change graded before it answers). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private sweep(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.disclosure.refreshStale();
        } catch (error) {
          this.logger.warn({ err: error }, 'Could not grade the changed articles; the next change tries again');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }
}
