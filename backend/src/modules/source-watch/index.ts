// The source watch module's public surface: the app and the tests import it from here, never a file inside.

export { SourceWatchModule } from './source-watch.module.js';
export { SourceWatchJobsModule } from './source-watch.jobs.module.js';
export { SourceChange } from './source-change.entity.js';
export { WatchedSource } from './watched-source.entity.js';
export { SOURCE_WATCH_ENTITIES } from './tables.js';
