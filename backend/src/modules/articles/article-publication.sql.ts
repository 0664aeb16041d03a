import type { DatabaseBehaviour, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * Readers hear of an article's first publication and of each update or correction note added once it
 * is published: this trigger calls the stories module's article_publication_event() (stories.sql.ts),
 * which writes its publication_event table and NOTIFYs `publication_event`, whoever wrote the article.
 */

// Not UPDATE OF: publishing by moving the stage sets `approved` in a BEFORE trigger, which UPDATE OF does not see.
const articlePublicationEventTrigger: DatabaseTrigger = {
  name: 'article_publication_event',
  table: 'article',
  sql: `CREATE TRIGGER article_publication_event AFTER INSERT OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_publication_event()`,
};

/** The trigger only: its function is the stories module's. */
export const articlePublicationSql: DatabaseBehaviour = {
  functions: [],
  triggers: [articlePublicationEventTrigger],
};
