import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newsletterDb } from './tables.js';

/**
 * The key that signs the newsletter's links, made once by the newsletter migration and kept in
 * PostgreSQL, so every API and worker process signs and checks with the same one without any
 * configuration. Read once per process.
 */
@Injectable()
export class NewsletterSecret {
  private secret: Promise<string> | null = null;

  constructor(private readonly em: EntityManager) {}

  get(): Promise<string> {
    this.secret ??= newsletterDb(this.em.fork())
      .selectFrom('newsletter_settings')
      .select('signing_secret')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then((row) => {
        if (!row) throw new Error('newsletter_settings has no row: run the migrations');
        return row.signing_secret;
      });
    this.secret.catch(() => (this.secret = null));
    return this.secret;
  }
}
