import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Correction, EvidenceClaim, EvidenceStep } from '@ai-mind/contracts';
import { evidenceDb } from './tables.js';

/** How many articles one query of a period export reads: what the export holds in memory at once. */
export const EVIDENCE_BATCH = 100;

export interface EvidenceArticleRow {
  id: number;
  title: string;
  slug: string;
  category: string;
  content: string;
  stage: string;
  corrections: Correction[] | null;
}

export interface EvidenceClaims {
  checkedAt: string;
  articleVersion: number;
  checked: number;
  flagged: number;
  overridden: number;
  open: number;
  flaggedClaims: EvidenceClaim[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The rows behind the evidence export, read from the tables their modules keep. */
@Injectable()
export class EvidenceReader {
  constructor(private readonly em: EntityManager) {}

  private db() {
    return evidenceDb(this.em.fork());
  }

  private articles() {
    return this.db().selectFrom('article').select(['id', 'title', 'slug', 'category', 'content', 'stage', 'corrections']).$castTo<EvidenceArticleRow>();
  }

  async article(id: number): Promise<EvidenceArticleRow | null> {
    return (await this.articles().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /**
   * The articles published in [from, until): a publish revision, or the creation of an article already
   * published (the seed, a restore, SQL), in the period. Read in batches of EVIDENCE_BATCH by id, so an
   * archive of any size streams; each batch walks the article ids once (the history's (article_id, id)
   * index answers each article's test).
   */
  async *publishedIn(from: Date, until: Date): AsyncGenerator<EvidenceArticleRow> {
    let after = 0;
    for (;;) {
      const batch = await this.articles()
        .where('id', '>', after)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('article_revision as r')
              .select(sql.lit(1).as('one'))
              .whereRef('r.article_id', '=', 'article.id')
              .where('r.created_at', '>=', from)
              .where('r.created_at', '<', until)
              .where((inner) =>
                inner.or([inner('r.action', '=', 'publish'), inner.and([inner('r.action', '=', 'create'), inner(sql`r.snapshot->>'approved'`, '=', 'true')])]),
              ),
          ),
        )
        .orderBy('id')
        .limit(EVIDENCE_BATCH)
        .execute();
      for (const row of batch) yield row;
      if (batch.length < EVIDENCE_BATCH) return;
      after = batch[batch.length - 1]!.id;
    }
  }

  /** Every revision of the article's history, oldest first, with the stage each moved it from and to. */
  async steps(articleId: number): Promise<EvidenceStep[]> {
    const rows = await this.db()
      .selectFrom('article_revision')
      .select((eb) => [
        'id',
        'created_at',
        'actor',
        'action',
        'note',
        // Raw: the stage is a review column, outside ArticleRow's typed keys (older snapshots lack it).
        sql<string | null>`snapshot->>'stage'`.as('stage'),
        eb.ref('snapshot', '->>').key('approved').as('approved'),
      ])
      .where('article_id', '=', articleId)
      .orderBy('id')
      .execute();
    let previous: string | null = null;
    return rows.map((row) => {
      // Revisions from before the review stage knew only the published flag.
      const stage = (row.stage as string | null) ?? (String(row.approved) === 'true' ? 'published' : 'draft');
      const step: EvidenceStep = {
        revisionId: Number(row.id),
        at: iso(row.created_at),
        actor: row.actor,
        action: row.action,
        stageFrom: previous,
        stageTo: stage,
        note: row.note ?? null,
      };
      previous = stage;
      return step;
    });
  }

  /**
   * The article's last claim check: its counts, and each flagged claim with the override recorded on
   * it and that override's note. An override is written in the transaction of the publish or schedule
   * step that made it (claim-check.service's settleForPublish), so the step's revision has the
   * override's editor as actor and its time (the transaction's `now()`), and carries the step's note.
   */
  async claims(articleId: number): Promise<EvidenceClaims | null> {
    const check = await this.db()
      .selectFrom('article_claim_check as k')
      .select((eb) => [
        'k.checked_at',
        'k.article_version',
        eb
          .selectFrom('article_claim as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.article_id', '=', 'k.article_id')
          .as('checked'),
      ])
      .where('k.article_id', '=', articleId)
      .executeTakeFirst();
    if (!check) return null;
    const flagged = await this.db()
      .selectFrom('article_claim as c')
      .select((eb) => [
        'c.position',
        'c.sentence',
        'c.flags',
        'c.source_number',
        'c.overridden_by',
        'c.overridden_at',
        eb
          .selectFrom('article_revision as r')
          .select('r.note')
          .whereRef('r.article_id', '=', 'c.article_id')
          .where('r.action', 'in', ['publish', 'schedule'])
          .whereRef('r.created_at', '=', 'c.overridden_at')
          .where(sql<boolean>`r.actor = 'admin:' || c.overridden_by`)
          .orderBy('r.id', 'desc')
          .limit(1)
          .as('note'),
      ])
      .where('c.article_id', '=', articleId)
      .where((eb) => eb(eb.fn('cardinality', ['c.flags']), '>', 0))
      .orderBy('c.position')
      .execute();
    const flaggedClaims: EvidenceClaim[] = flagged.map((claim) => ({
      position: claim.position,
      sentence: claim.sentence,
      flags: claim.flags,
      sourceNumber: claim.source_number ?? null,
      overriddenBy: claim.overridden_by ?? null,
      overriddenAt: claim.overridden_at ? iso(claim.overridden_at) : null,
      note: claim.note ?? null,
    }));
    const overridden = flaggedClaims.filter((claim) => claim.overriddenBy !== null).length;
    return {
      checkedAt: iso(check.checked_at),
      articleVersion: check.article_version,
      checked: check.checked ?? 0,
      flagged: flaggedClaims.length,
      overridden,
      open: flaggedClaims.length - overridden,
      flaggedClaims,
    };
  }
}
