import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

export interface PublishedArticle {
  id: number;
  title: string;
  slug: string;
  category: string;
  content: string;
}

/**
 * The articles published within a period, as their history records it (a publish, or a creation as
 * published) and still published now, the latest published first: what a newsletter digest of the period holds.
 */
@Injectable()
export class ArticlePublicationsReader {
  constructor(private readonly em: EntityManager) {}

  publishedBetween(from: Date, until: Date, limit: number): Promise<PublishedArticle[]> {
    return this.em.fork().execute<PublishedArticle[]>(
      `select a.id, a.title, a.slug, a.category, a.content from article a
       join lateral (
         select max(r.created_at) as published_at from article_revision r
         where r.article_id = a.id and r.created_at > ? and r.created_at <= ?
           and (r.action = 'publish' or (r.action = 'create' and (r.snapshot->>'approved')::boolean))) p on p.published_at is not null
       where a.approved
       order by p.published_at desc, a.id desc limit ?`,
      [from, until, limit],
    );
  }
}
