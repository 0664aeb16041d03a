// The analytics module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { AnalyticsModule } from './analytics.module.js';
export { AnalyticsSettings } from './analytics-settings.entity.js';
export { PageView } from './page-view.entity.js';
export { PageViewTokens } from './page-view-tokens.service.js';
export { PageViewDaily, PageViewDailyArticle, PageViewDailyCategory, PageViewDailyCountry, PageViewDailySource } from './page-view-daily.entity.js';
// The database's behaviour on the page_view table (assembled in app/database-behaviour.ts).
export { pageViewRollupSql } from './page-view-rollup.sql.js';
export { ANALYTICS_ENTITIES } from './tables.js';
