// The stories module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { StoriesModule } from './stories.module.js';
export { StoryReads } from './story-reads.js';
export { storyKeys } from './stories.controller.js';

export { Story, STORY_STATUSES, type StoryStatus } from './story.entity.js';
export { StoryArticle } from './story-article.entity.js';
export { PublicationEvent, PUBLICATION_EVENT_KINDS, type PublicationEventKind } from './publication-event.entity.js';
export { StoryReport } from './story-report.entity.js';
// The database's behaviour: stories made on approval, publication events, reports arriving (assembled in app/database-behaviour.ts).
export { storiesSql, storyCacheKey, STORY_REPORTS_KEPT } from './stories.sql.js';
export { STORIES_ENTITIES } from './tables.js';
