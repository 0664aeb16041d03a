// The newsroom module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { NewsroomModule } from './newsroom.module.js';
export { NewsroomService } from './newsroom.service.js';
export { MastheadEntry } from './masthead-entry.entity.js';
export { NewsroomPage } from './newsroom-page.entity.js';
export { NewsroomPageRevision } from './newsroom-page-revision.entity.js';
export { NEWSROOM_CACHE_KEY } from './newsroom.sql.js';
// The database's behaviour on the newsroom's tables (assembled in app/database-behaviour.ts).
export { newsroomSql } from './newsroom.sql.js';
export { NEWSROOM_ENTITIES } from './tables.js';
