import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

@Injectable()
export class NewsletterService {
  constructor(private readonly em: EntityManager) {}

  /** Subscribes the address once; a second subscription of the same address changes nothing. */
  async subscribe(email: string): Promise<{ created: boolean }> {
    const rows = await this.em
      .fork()
      .execute<{ id: number }[]>('insert into newsletter_subscriber (email, created_at) values (?, now()) on conflict (email) do nothing returning id', [email.toLowerCase()]);
    return { created: rows.length > 0 };
  }
}
