import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Article as ArticleDto } from '@ai-mind/contracts';
import { Article } from '../articles/article.entity.js';
import { toArticleDto } from '../articles/article.mapper.js';
import type { RevisionAction } from './article-revision.entity.js';

/**
 * Writes an ArticleRevision for every article insert and update made through the ORM, whichever
 * module makes it, inside the same transaction as the change itself (so a change is never committed
 * without its revision). Counters are updated in SQL and so, by design, do not produce revisions;
 * recovery inserts in SQL too and writes its 'restore' revisions itself (see recordRevisions).
 */
export class ArticleRevisionSubscriber implements EventSubscriber<Article> {
  getSubscribedEntities() {
    return [Article];
  }

  afterCreate(args: EventArgs<Article>): Promise<void> {
    return record(args, 'create');
  }

  afterUpdate(args: EventArgs<Article>): Promise<void> {
    const changed = args.changeSet?.payload ?? {};
    const action: RevisionAction = 'approved' in changed ? (args.entity.approved ? 'publish' : 'unpublish') : 'update';
    return record(args, action);
  }
}

function record({ entity, em }: EventArgs<Article>, action: RevisionAction): Promise<void> {
  return recordRevisions(em as EntityManager, [toArticleDto(entity)], action);
}

/** Inserts one revision per article, in the transaction `em` is in. */
export async function recordRevisions(em: EntityManager, articles: ArticleDto[], action: RevisionAction): Promise<void> {
  if (articles.length === 0) return;
  await em.execute(
    `insert into article_revision (article_id, slug, action, snapshot, created_at) values ${articles.map(() => '(?, ?, ?, ?, now())').join(', ')}`,
    articles.flatMap((article) => [article.id, article.slug, action, JSON.stringify(article)]),
  );
}
