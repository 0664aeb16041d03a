import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ARTICLE_STAGE_LABELS,
  REVIEW_STEPS,
  slugify,
  stepAllowedFrom,
  VERSION_CONFLICT_PREFIX,
  WRITER_EDITABLE_STAGES,
  WRITER_STEPS,
  type ArticleStage,
  type CreateDraftRequest,
  type ReviewStep,
} from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { articlesDb, type ArticlesDatabase } from './tables.js';
import { ARTICLE_SELECTION, articleColumnList, reviewColumnList, reviewSelection, type ArticleRow, type ReviewRow } from './article-row.js';
import { adminActor, ArticleWriter, type Actor } from './article-writer.js';
import { sanitizeArticleBody } from './article-sanitizer-pool.js';

const RETURNING = `${articleColumnList('article')}, ${reviewColumnList('article')}`;

/** The article's columns and its place in review (with the accounts' names), for a typed statement's `select` or `returning` (as RETURNING). */
function reviewedColumns(eb: ExpressionBuilder<ArticlesDatabase, 'article'>) {
  return [...ARTICLE_SELECTION, ...reviewSelection(eb)];
}

/** Who takes a review step or edits: `editsAny` for editors and the owner, else a writer limited to their own and assigned drafts. */
export interface Reviewer {
  userId: number;
  username: string;
  editsAny: boolean;
}

export type ReviewedRow = ArticleRow & ReviewRow;

export interface StepOptions {
  note?: string;
  /** The version the reviewer loaded: a step over a newer change is refused (409). */
  version?: number;
  /** For `schedule`: when to publish. */
  at?: Date;
  /** Runs first in the step's transaction (the claims' verdict before a publish or a schedule), so what it decides holds for the step. */
  beforeStep?: (em: EntityManager) => Promise<void>;
}

/** The job that publishes scheduled articles, as their history names it. */
export const SCHEDULED_PUBLISH_ACTOR: Actor = 'job:scheduled-publish';

/**
 * The writer's own or assigned, still editable articles, for a writer's statement (an editor's has no such
 * condition): the object-level rule, said in the statement that acts so it cannot change in between.
 */
export function writerScope(reviewer: Reviewer): (eb: ExpressionBuilder<ArticlesDatabase, 'article'>) => Expression<SqlBool> {
  return (eb) =>
    eb.and([
      eb('article.stage', 'in', [...WRITER_EDITABLE_STAGES]),
      eb.or([eb('article.author_id', '=', reviewer.userId), eb('article.assignee_id', '=', reviewer.userId)]),
    ]);
}

/** Why a writer's statement touched nothing, when it is the object-level rule (403); otherwise returns. */
export async function refuseWriter(em: EntityManager, id: number, reviewer: Reviewer): Promise<void> {
  if (reviewer.editsAny) return;
  const row = await articlesDb(em)
    .selectFrom('article')
    .select(['stage', 'author_id', 'assignee_id'])
    .where('id', '=', id)
    .$narrowType<{ stage: ArticleStage }>()
    .executeTakeFirst();
  if (!row) return;
  if (row.author_id !== reviewer.userId && row.assignee_id !== reviewer.userId) {
    throw new ForbiddenException({ error: 'Forbidden', message: 'Writers may change only their own drafts and drafts assigned to them.' });
  }
  if (!WRITER_EDITABLE_STAGES.includes(row.stage)) {
    throw new ForbiddenException({
      error: 'Forbidden',
      message: `This article is ${ARTICLE_STAGE_LABELS[row.stage].toLowerCase()}: writers may change it only as a draft or after changes were requested.`,
    });
  }
}

/**
 * The review stage's writes: the steps of REVIEW_STEPS (the one table of the state machine), the
 * assignment, a writer's new draft, and the scheduled publishing. Each step's statement re-checks
 * the stage it may start from (and the version, and a writer's rule), so two editors acting at once
 * cannot both take a step from the same stage; PostgreSQL's constraints refuse any state the table
 * does not lead to. A step's note goes into the revision it writes (`ai_mind.note`).
 *
 * The triggers complete each step (see ArticleWriter): article_stage_follows_approved
 * (article-columns.sql.ts) keeps `approved` in step with the stage; article_history and
 * article_revision_note (article-history.sql.ts) write the revision with its note; http_cache_article
 * (article-purge.sql.ts) queues the purge when a step publishes or unpublishes.
 */
@Injectable()
export class ArticleReviewStore {
  constructor(
    private readonly em: EntityManager,
    private readonly writer: ArticleWriter,
  ) {}

  async findReviewed(id: number): Promise<ReviewedRow | null> {
    return (
      (await articlesDb(this.em.fork()).selectFrom('article').select(reviewedColumns).where('article.id', '=', id).$castTo<ReviewedRow>().executeTakeFirst()) ??
      null
    );
  }

  step(id: number, step: ReviewStep, reviewer: Reviewer, options: StepOptions = {}): Promise<ReviewedRow> {
    if (!reviewer.editsAny && !WRITER_STEPS.includes(step)) {
      throw new ForbiddenException({ error: 'Forbidden', message: `Only editors may ${REVIEW_STEPS[step].label.toLowerCase()}.` });
    }
    const rule = REVIEW_STEPS[step];
    const scheduledAt = step === 'schedule' ? options.at : null;
    if (step === 'schedule' && (!scheduledAt || scheduledAt.getTime() <= Date.now())) {
      throw new ValidationFailedException([{ path: 'at', message: 'must be in the future' }]);
    }
    return this.writer.write(
      adminActor(reviewer.username),
      async (em) => {
        await setNote(em, options.note);
        await options.beforeStep?.(em);
        const row = await articlesDb(em)
          .updateTable('article')
          .set({ stage: rule.to, scheduled_at: sql<Date | null>`${scheduledAt?.toISOString() ?? null}::timestamptz`, updated_at: sql`now()` })
          .where('article.id', '=', id)
          .where('article.stage', 'in', [...rule.from])
          .$if(options.version !== undefined, (query) => query.where('article.version', '=', options.version!))
          .$if(!reviewer.editsAny, (query) => query.where(writerScope(reviewer)))
          .returning(reviewedColumns)
          .$castTo<ReviewedRow>()
          .executeTakeFirst();
        if (!row) await explainRefusedStep(em, id, step, reviewer, options.version);
        return row!;
      },
      step,
    );
  }

  /** Assigns the article to a writer or an editor (or to nobody). */
  assign(id: number, assigneeId: number | null, reviewer: Reviewer, version?: number): Promise<ReviewedRow> {
    return this.writer.write(
      adminActor(reviewer.username),
      async (em) => {
        if (assigneeId !== null && !(await isAssignable(em, assigneeId))) {
          throw new ValidationFailedException([{ path: 'assigneeId', message: 'is not an active writer or editor' }]);
        }
        const row = await articlesDb(em)
          .updateTable('article')
          .set({ assignee_id: assigneeId, updated_at: sql`now()` })
          .where('id', '=', id)
          .$if(version !== undefined, (query) => query.where('version', '=', version!))
          .returning(reviewedColumns)
          .$castTo<ReviewedRow>()
          .executeTakeFirst();
        if (!row) await explainMiss(em, id);
        return row!;
      },
      'assign',
    );
  }

  /** Accounts an article may be assigned to. */
  assignees(): Promise<{ id: number; username: string; role: string | null }[]> {
    return articlesDb(this.em.fork()).selectFrom('admin_user').select(['id', 'username', 'role']).where(assignable).orderBy('username').execute();
  }

  /** A new draft, authored by the reviewer; its slug made from the title, numbered when taken. */
  async createDraft(input: CreateDraftRequest, reviewer: Reviewer): Promise<ReviewedRow> {
    const content = await sanitizeArticleBody(input.content);
    return this.writer.write(adminActor(reviewer.username), async (em) => {
      const base = slugify(input.title) || 'draft';
      // The unique slug index decides; a numbered slug is tried when the plain one is taken.
      // Raw: an insert from a series of numbered slugs, taking the first free one.
      const [row] = await em.execute<ReviewedRow[]>(
        `insert into article (title, slug, content, category, approved, stage, author_id, created_at, updated_at)
         select ?, s.slug, ?, ?, false, 'draft', ?, now(), now()
           from (select ?::varchar as slug, 1 as n union all select ? || '-' || n, n from generate_series(2, 1000) n) s
          where not exists (select 1 from article a where a.slug = s.slug) order by s.n limit 1
         returning ${RETURNING}`,
        [input.title, content, input.category, reviewer.userId, base, base.slice(0, 70)],
      );
      if (!row) throw new ValidationFailedException([{ path: 'title', message: 'is taken by too many articles already' }]);
      return row;
    });
  }

  /**
   * Publishes every scheduled article whose time has come, once: the statement re-checks the stage
   * and `scheduled_at <= now()`, so any number of workers running it at once publish each article
   * in one of them only (the others find it published when its row lock is released).
   */
  publishDue(): Promise<{ id: number; title: string; ai_commentary: string | null }[]> {
    return this.writer.write(SCHEDULED_PUBLISH_ACTOR, (em) =>
      articlesDb(em)
        .updateTable('article')
        .set({ stage: 'published', scheduled_at: null, updated_at: sql`now()` })
        .where('stage', '=', 'scheduled')
        .where('scheduled_at', '<=', sql<Date>`now()`)
        .returning(['id', 'title', 'ai_commentary'])
        .$narrowType<{ ai_commentary: string | null }>()
        .execute(),
    );
  }

  /** When the article is scheduled to be published, or null when it is not scheduled. */
  async scheduledAt(id: number): Promise<Date | null> {
    const row = await articlesDb(this.em.fork())
      .selectFrom('article')
      .select('scheduled_at')
      .where('id', '=', id)
      .where('stage', '=', 'scheduled')
      .executeTakeFirst();
    return row ? new Date(row.scheduled_at!) : null;
  }

  /** Every scheduled article and its time, for the worker's start. */
  scheduled(): Promise<{ id: number; scheduled_at: Date }[]> {
    return articlesDb(this.em.fork())
      .selectFrom('article')
      .select(['id', 'scheduled_at'])
      .where('stage', '=', 'scheduled')
      .orderBy('scheduled_at')
      .$narrowType<{ scheduled_at: Date }>()
      .execute();
  }
}

/** Names the note of the transaction's revision for the article_revision_note trigger (article-history.sql.ts); local to the transaction. */
async function setNote(em: EntityManager, note: string | undefined): Promise<void> {
  // Raw: a transaction-local setting (`set_config(..., true)`) the article_history trigger reads.
  await em.execute(`select set_config('ai_mind.note', ?, true)`, [note?.trim() ?? '']);
}

/** Who may be given an article to write: active writers and editors. */
function assignable(eb: ExpressionBuilder<ArticlesDatabase, 'admin_user'>): Expression<SqlBool> {
  return eb.and([eb('role', 'in', ['writer', 'editor']), eb('status', '=', 'active')]);
}

async function isAssignable(em: EntityManager, accountId: number): Promise<boolean> {
  return (await articlesDb(em).selectFrom('admin_user').select('id').where('id', '=', accountId).where(assignable).executeTakeFirst()) !== undefined;
}

/** A step's statement touched nothing: 404, a writer's 403, 409 for a newer version, else 409 naming the stage. */
async function explainRefusedStep(em: EntityManager, id: number, step: ReviewStep, reviewer: Reviewer, version: number | undefined): Promise<never> {
  const row = await articlesDb(em)
    .selectFrom('article')
    .select(['stage', 'version', 'title'])
    .where('id', '=', id)
    .$narrowType<{ stage: ArticleStage }>()
    .executeTakeFirst();
  if (!row) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} not found` });
  // A writer's step is a submit (step() refuses the others before any statement).
  if (!reviewer.editsAny) {
    const mine = await articlesDb(em)
      .selectFrom('article')
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('author_id', '=', reviewer.userId), eb('assignee_id', '=', reviewer.userId)]))
      .executeTakeFirst();
    if (!mine) throw new ForbiddenException({ error: 'Forbidden', message: 'Writers may submit only their own drafts and drafts assigned to them.' });
  }
  if (!stepAllowedFrom(step, row.stage)) {
    const from = REVIEW_STEPS[step].from.map((stage) => ARTICLE_STAGE_LABELS[stage].toLowerCase()).join(', ');
    throw new ConflictException({
      error: 'Conflict',
      message: `Cannot ${REVIEW_STEPS[step].label.toLowerCase()}: "${row.title}" is ${ARTICLE_STAGE_LABELS[row.stage].toLowerCase()} (allowed from: ${from}).`,
    });
  }
  if (version !== undefined && row.version !== version) {
    throw new ConflictException({
      error: 'Conflict',
      message: `${VERSION_CONFLICT_PREFIX}: "${row.title}" is now version ${row.version}. Reload to see the change.`,
    });
  }
  throw new ConflictException({ error: 'Conflict', message: `Article ${id} changed while the step was taken; reload and try again.` });
}

async function explainMiss(em: EntityManager, id: number): Promise<never> {
  const row = await articlesDb(em).selectFrom('article').select(['version', 'title']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} not found` });
  throw new ConflictException({
    error: 'Conflict',
    message: `${VERSION_CONFLICT_PREFIX}: "${row.title}" is now version ${row.version}. Reload to see the change.`,
  });
}
