// The seo module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { SEO_ROOT_PATHS, SeoModule } from './seo.module.js';
export { SitemapSnapshot } from './sitemap-snapshot.entity.js';
export { escapeMarkup } from './markup.js';
export { seoPageRenderer } from './seo-page-renderer.js';
export { SeoService } from './seo.service.js';
export { SitemapSnapshotService } from './sitemap-snapshot.service.js';
export { SEO_ENTITIES } from './tables.js';
