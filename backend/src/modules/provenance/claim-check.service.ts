import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { OPEN_CLAIMS_MESSAGE_PREFIX } from '@ai-mind/contracts';
import { provenanceDb } from './tables.js';
import { ArticleClaim } from './article-claim.entity.js';
import type { CheckedClaim, CheckSource } from './claim-check.js';
import { checkClaimsOffLoop } from './claim-check-pool.js';
import { ArticleDisclosureService } from '../articles/index.js';

/** What a publish found among the claims: how many were open, and how many the editor overrode now. */
export interface PublishClaimsOutcome {
  open: number;
  overridden: number;
}

/**
 * Keeps each article's claims current: checks the body against its sources after every save and
 * delivery, and decides, inside the publishing transaction, whether open flags block the publish.
 * Articles with no source set (written by hand, the demo seed, SQL) are not checked: nothing is known
 * to check them against, and the provenance record says so.
 */
@Injectable()
export class ClaimCheckService {
  private readonly logger = new Logger(ClaimCheckService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly disclosure: ArticleDisclosureService,
  ) {}

  /** Checks the article's current body; false when it has no sources (or is gone). Its grade follows the new claims. */
  async checkArticle(articleId: number): Promise<boolean> {
    const checked = await this.em.fork().transactional(async (em) => {
      // The article's row first, as a publish locks it (settleForPublish): storing the check takes this key
      // share anyway (the check row's foreign key), and taken only then, after the check row, it waited on a
      // publish that held the article and waited on the check row, a deadlock. A key share leaves the row's
      // other writers (readers' counts, edits) free; a publish or a delete waits for the check.
      const article = await provenanceDb(em).selectFrom('article').select(['content', 'version']).where('id', '=', articleId).forKeyShare().executeTakeFirst();
      if (!article) return false;
      const sources = await this.sourcesOf(em, articleId);
      if (sources === null) return false;
      await this.store(em, articleId, article.version, await checkClaimsOffLoop(article.content, sources));
      return true;
    });
    // The claims are part of the grade's record, and no revision says they changed: the grade is refreshed
    // here (a failure leaves it to the article's next change, and does not fail the save).
    if (checked) await this.disclosure.refresh(articleId).catch((error: unknown) => this.logger.warn({ err: error, articleId }, 'Could not refresh the grade'));
    return checked;
  }

  /**
   * In the publish's transaction: the claims of the version being published (checked now when the
   * last check read another version), then a 409 when some are flagged and not overridden, unless
   * `override`, which records `username` and the time on each open claim.
   */
  async settleForPublish(em: EntityManager, articleId: number, override: boolean, username: string): Promise<PublishClaimsOutcome> {
    const article = await provenanceDb(em)
      .selectFrom('article')
      .select(['content', 'version', 'approved'])
      .where('id', '=', articleId)
      .forUpdate()
      .executeTakeFirst();
    if (!article || article.approved) return { open: 0, overridden: 0 };
    const sources = await this.sourcesOf(em, articleId);
    if (sources === null) return { open: 0, overridden: 0 };
    const check = await provenanceDb(em)
      .selectFrom('article_claim_check')
      .select('article_version')
      .where('article_id', '=', articleId)
      .forUpdate()
      .executeTakeFirst();
    if (check?.article_version !== article.version) await this.store(em, articleId, article.version, await checkClaimsOffLoop(article.content, sources));
    const open = await provenanceDb(em)
      .selectFrom('article_claim')
      .select(['id', 'position', 'sentence', 'flags'])
      .where('article_id', '=', articleId)
      .where((eb) => eb(eb.fn('cardinality', ['flags']), '>', 0))
      .where('overridden_by', 'is', null)
      .orderBy('position')
      .execute();
    if (open.length === 0) return { open: 0, overridden: 0 };
    if (!override) {
      throw new ConflictException({
        error: 'Conflict',
        message: `${OPEN_CLAIMS_MESSAGE_PREFIX} or that disagree with them (${open.length}). Review them beside their sources in the editor, where you can also publish over them on your word.`,
        details: open.map((claim) => ({ path: `claims.${claim.position}`, message: `${claim.flags.join(', ')}: ${claim.sentence.slice(0, 200)}` })),
      });
    }
    await provenanceDb(em)
      .updateTable('article_claim')
      .set({ overridden_by: username, overridden_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        open.map((claim) => claim.id),
      )
      .execute();
    return { open: open.length, overridden: open.length };
  }

  /** The article's sources as the check reads them, or null when no approved topic is behind it. */
  private async sourcesOf(em: EntityManager, articleId: number): Promise<CheckSource[] | null> {
    const topic = await provenanceDb(em).selectFrom('approved_topic').select('id').where('article_id', '=', articleId).executeTakeFirst();
    if (!topic) return null;
    return provenanceDb(em)
      .selectFrom('topic_source')
      .select(['number', 'outlet', 'title', 'summary', 'text'])
      .where('approved_topic_id', '=', topic.id)
      .orderBy('number')
      .execute();
  }

  /**
   * Replaces the article's claims with a check of `version`, unless a check of a newer version is
   * already stored (two saves checked out of order). A claim an editor overrode keeps its override
   * while its sentence and flags stay the same: they vouched for exactly that.
   */
  private async store(em: EntityManager, articleId: number, version: number, claims: CheckedClaim[]): Promise<void> {
    const kept = await provenanceDb(em)
      .insertInto('article_claim_check')
      .values({ article_id: articleId, article_version: version, checked_at: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict
          .column('article_id')
          .doUpdateSet((eb) => ({ article_version: eb.ref('excluded.article_version'), checked_at: sql<Date>`now()` }))
          .whereRef('article_claim_check.article_version', '<=', 'excluded.article_version'),
      )
      .returning('article_version')
      .executeTakeFirst();
    if (!kept) return;
    const overrides = await provenanceDb(em)
      .selectFrom('article_claim')
      .select(['sentence', 'flags', 'overridden_by', 'overridden_at'])
      .where('article_id', '=', articleId)
      .where('overridden_by', 'is not', null)
      .execute();
    const vouched = new Map(overrides.map((row) => [`${row.sentence}\n${[...row.flags].sort().join(',')}`, row]));
    await provenanceDb(em).deleteFrom('article_claim').where('article_id', '=', articleId).execute();
    for (const claim of claims) {
      const override = claim.flags.length ? vouched.get(`${claim.sentence}\n${[...claim.flags].sort().join(',')}`) : undefined;
      em.create(ArticleClaim, { articleId, ...claim, overriddenBy: override?.overridden_by ?? null, overriddenAt: override?.overridden_at ?? null });
    }
    await em.flush();
  }
}
