// The provenance module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { ProvenanceAdminModule } from './provenance-admin.module.js';
export { ProvenanceModule } from './provenance.module.js';
export { ArticleClaim, ArticleClaimCheck } from './article-claim.entity.js';
export { ApprovedTopic } from './approved-topic.entity.js';
export { ApprovedTopicLinks } from './approved-topic-links.js';
export { ApprovedTopicStore, type GenerationRecord } from './approved-topic-store.js';
export { ArticleGeneration } from './article-generation.entity.js';
export { TopicSource } from './topic-source.entity.js';
export { ClaimCheckService, type PublishClaimsOutcome } from './claim-check.service.js';
export { ProvenanceReader } from './provenance.reader.js';
export { SourceSetService } from './source-set.service.js';
// The trigger by which an approval makes its story (its function is the stories module's; assembled in app/database-behaviour.ts).
export { approvedTopicStorySql } from './approved-topic-story.sql.js';
export { PROVENANCE_ENTITIES } from './tables.js';
// The one SSRF-safe fetch and reading of a page, for the source watch, the follows' push services and the
// fediverse: remote pages, actors and objects obey the rules source pages do.
export { dispatcherFor, fetchPage, isPublicAddress, type PageFetchOptions, type PageFetchResult, type PageValidators } from './safe-page-fetcher.js';
export { contentHash, textOfPage } from './page-text.js';
