import type { DatabaseBehaviour, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * Reports keep arriving on an approved story: each refresh that changes an approved topic's feed items
 * calls the stories module's story_reports_arrived() (stories.sql.ts), which records the new ones on
 * the story with when they arrived.
 */
const trendingTopicStoryReportsTrigger: DatabaseTrigger = {
  name: 'trending_topic_story_reports',
  table: 'trending_topic',
  sql: `CREATE TRIGGER trending_topic_story_reports AFTER UPDATE OF items ON public.trending_topic FOR EACH ROW EXECUTE FUNCTION story_reports_arrived()`,
};

/** The trigger only: its function is the stories module's. */
export const trendingStoryReportsSql: DatabaseBehaviour = {
  functions: [],
  triggers: [trendingTopicStoryReportsTrigger],
};
