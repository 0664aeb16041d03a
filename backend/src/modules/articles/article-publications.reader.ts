import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { articlesDb } from './tables.js';

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
    return articlesDb(this.em.fork())
      .selectFrom('article as a')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('article_revision as r')
            .select((inner) => inner.fn.max('r.created_at').as('published_at'))
            .whereRef('r.article_id', '=', 'a.id')
            .where('r.created_at', '>', from)
            .where('r.created_at', '<=', until)
            .where((inner) =>
              inner.or([
                inner('r.action', '=', 'publish'),
                inner.and([inner('r.action', '=', 'create'), inner.cast<boolean>(inner.ref('r.snapshot', '->>').key('approved'), 'boolean')]),
              ]),
            )
            .as('p'),
        (join) => join.on('p.published_at', 'is not', null),
      )
      .select(['a.id', 'a.title', 'a.slug', 'a.category', 'a.content'])
      .where('a.approved', '=', true)
      .orderBy('p.published_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }
}
