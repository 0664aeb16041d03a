import type { DatabaseBehaviour, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * An approved topic is a story: this trigger calls the stories module's story_of_approved_topic()
 * (stories.sql.ts), which makes the story when the topic is approved and adds the article the topic
 * becomes when approved_topic.article_id is set, whoever writes the approval.
 */
const approvedTopicStoryTrigger: DatabaseTrigger = {
  name: 'approved_topic_story',
  table: 'approved_topic',
  sql: `CREATE TRIGGER approved_topic_story AFTER INSERT OR UPDATE OF article_id ON public.approved_topic FOR EACH ROW EXECUTE FUNCTION story_of_approved_topic()`,
};

/** The trigger only: its function is the stories module's. */
export const approvedTopicStorySql: DatabaseBehaviour = {
  functions: [],
  triggers: [approvedTopicStoryTrigger],
};
