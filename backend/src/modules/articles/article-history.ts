import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RevisionRow } from './article-revision.entity.js';

/**
 * An article's history as the article_history trigger wrote it (`article_revision`): its revisions,
 * its first draft and its newest publishing. Restoring a revision is an edit (ArticleCommands).
 */
@Injectable()
export class ArticleHistory {
  constructor(private readonly em: EntityManager) {}

  /**
   * The newest publishing of the article (who and when), if its history has one, with the name readers
   * are given for the editor who let it through: the account's display name (its username when the
   * account is gone) of whoever published it, or of whoever scheduled it when a job published it.
   */
  async lastPublished(articleId: number): Promise<{ actor: string; created_at: Date; editor_name: string | null } | null> {
    const [row] = await this.em.fork().execute<{ actor: string; created_at: Date; editor_name: string | null }[]>(
      `select p.actor, p.created_at,
              (select coalesce(u.display_name, substr(r.actor, 7))
                 from article_revision r left join admin_user u on r.actor = 'admin:' || u.username
                where r.article_id = p.article_id and r.id <= p.id and r.actor like 'admin:%' and r.action in ('publish', 'schedule')
                order by r.id desc limit 1) as editor_name
         from article_revision p where p.article_id = ? and p.action = 'publish' order by p.id desc limit 1`,
      [articleId],
    );
    return row ?? null;
  }

  /** The article as it was first written (its 'create' revision): who wrote it and its body. */
  async firstDraft(articleId: number): Promise<{ actor: string; content: string } | null> {
    const [row] = await this.em
      .fork()
      .execute<{ actor: string; content: string }[]>(
        `select actor, snapshot->>'content' as content from article_revision where article_id = ? and action = 'create' order by id limit 1`,
        [articleId],
      );
    return row ?? null;
  }

  /** An article's revisions, newest first. */
  revisions(articleId: number): Promise<RevisionRow[]> {
    return this.em.fork().execute<RevisionRow[]>('select * from article_revision where article_id = ? order by id desc', [articleId]);
  }

  async revision(articleId: number, revisionId: number): Promise<RevisionRow | null> {
    const [row] = await this.em.fork().execute<RevisionRow[]>('select * from article_revision where id = ? and article_id = ?', [revisionId, articleId]);
    return row ?? null;
  }
}
