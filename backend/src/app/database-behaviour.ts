import { functionsAndTriggersSql, type DatabaseBehaviour } from '../database/schema/functions.js';
import { pageViewRollupSql } from '../modules/analytics/index.js';
import { articleColumnsSql, articleGradeSql, articleHistorySql, articlePublicationSql, articlePurgeSql } from '../modules/articles/index.js';
import { commentNotifySql, commentPurgeSql } from '../modules/comments/index.js';
import { purgeQueueSql } from '../modules/http-cache/index.js';
import { accountPurgeSql } from '../modules/auth/index.js';
import { newsroomSql } from '../modules/newsroom/index.js';
import { storiesSql } from '../modules/stories/index.js';
import { trendingPurgeSql, trendingStoryReportsSql } from '../modules/trending/index.js';
import { approvedTopicStorySql } from '../modules/provenance/index.js';

/**
 * The database's behaviour, whole: every PostgreSQL function and trigger, each declared by the module
 * that owns its table. test/schema-drift.spec.ts checks that a migrated database has exactly these,
 * byte for byte; a change to one comes with a migration that applies it.
 *
 * In creation order: the article's column helpers before the functions that use them (an SQL
 * function's body is checked when it is created; a plpgsql one's when it first runs).
 */
const DECLARATIONS: readonly DatabaseBehaviour[] = [
  articleColumnsSql,
  articleHistorySql,
  articleGradeSql,
  commentNotifySql,
  pageViewRollupSql,
  purgeQueueSql,
  articlePurgeSql,
  commentPurgeSql,
  trendingPurgeSql,
  newsroomSql,
  accountPurgeSql,
  storiesSql,
  articlePublicationSql,
  approvedTopicStorySql,
  trendingStoryReportsSql,
];

/** Every function and every trigger of the schema. */
export const DATABASE_BEHAVIOUR: DatabaseBehaviour = {
  functions: DECLARATIONS.flatMap((declaration) => declaration.functions),
  triggers: DECLARATIONS.flatMap((declaration) => declaration.triggers),
};

/** The statements that bring a database's functions and triggers to these definitions (see functionsAndTriggersSql). */
export function databaseBehaviourSql(): string[] {
  return functionsAndTriggersSql(DATABASE_BEHAVIOUR);
}
