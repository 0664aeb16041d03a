// The trending module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { TrendingJobsModule } from './trending.jobs.module.js';
export { TrendingModule } from './trending.module.js';
export { TrendingRefresh } from './trending-refresh.entity.js';
export { TrendingSource } from './trending-source.entity.js';
export { TrendingTopic } from './trending-topic.entity.js';
export { FEED_SNAPSHOT_ITEMS } from './feed-snapshot.js';
export { clusterItems, type FeedItem } from './topic-clustering.js';
export { declineTopic, storeClusters, takeForApproval, type TopicStoreOptions } from './topic-store.js';
export { TrendingService } from './trending.service.js';
// The database's behaviour on the trending_topic table (assembled in app/database-behaviour.ts).
export { trendingPurgeSql } from './trending-purge.sql.js';
export { trendingStoryReportsSql } from './trending-story-reports.sql.js';
export { TRENDING_ENTITIES } from './tables.js';
