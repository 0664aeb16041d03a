import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { analyticsDb } from './tables.js';
import { ARTICLE_CACHE_TTL_SECONDS } from '../articles/index.js';
import { pageViewToken, pageViewTokenLifetime, pageViewTokenValid } from './page-view-token.js';

/**
 * Signs the page-view tokens of the pages the server renders and checks the ones views send back,
 * with the secret the analytics migration made and keeps in PostgreSQL: every API process has the
 * same one without any configuration. Read once per process.
 */
@Injectable()
export class PageViewTokens {
  private key: Promise<Buffer> | null = null;
  /** How long after its hour a token holds (pageViewTokenLifetime). */
  readonly lifetimeSeconds: number;

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('httpCache') config: ConfigSlice<'httpCache'>,
  ) {
    this.lifetimeSeconds = pageViewTokenLifetime(ARTICLE_CACHE_TTL_SECONDS, config);
  }

  /** The token of the page at `path`, issued within the hour of `now`. */
  async issue(path: string, now = Date.now()): Promise<string> {
    return pageViewToken(await this.signingKey(), path, now);
  }

  async valid(token: string, path: string): Promise<boolean> {
    return pageViewTokenValid(await this.signingKey(), token, path, this.lifetimeSeconds);
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= analyticsDb(this.em.fork())
      .selectFrom('analytics_settings')
      .select('signing_secret')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then((row) => {
        if (!row) throw new Error('analytics_settings has no row: run the migrations');
        return Buffer.from(row.signing_secret);
      });
    this.key.catch(() => (this.key = null));
    return this.key;
  }
}
