// The analytics module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { AnalyticsModule } from './analytics.module.js';
export { PageView } from './page-view.entity.js';
