// The pages module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { FEED_ROOT_PATHS, PagesModule } from './pages.module.js';
export { SitemapSnapshot } from './sitemap-snapshot.entity.js';
export { escapeMarkup } from './markup.js';
export { publicPageRenderer } from './public-page-renderer.js';
export { PagesService } from './pages.service.js';
export { PublicPageReadsService } from './public-page-reads.js';
export { SitemapSnapshotService } from './sitemap-snapshot.service.js';
export { SitemapSnapshotModule } from './sitemap-snapshot.module.js';
export { PAGES_ENTITIES } from './tables.js';
