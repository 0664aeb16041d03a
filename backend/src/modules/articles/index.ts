// The article module's public surface, by who uses it. Other modules, the app and the tests import it from
// here, never a file inside; the module's own files import each other directly (never this file).

export { ArticlesModule } from './articles.module.js';
export { Article } from './article.entity.js';
export { ArticleRevision, type RevisionRow } from './article-revision.entity.js';
export { DeletedArticle } from './deleted-article.entity.js';

// The row as the stores answer it, and its shapes for the API.
export { fromArticleDto, toAdminArticle, toArticleDto, toReviewedArticle, type ArticleRow } from './article-row.js';

// Public reads: pages, related articles, the sitemap and the feed, search, the chat's passages, the digest.
export { ArticleReads } from './article-reads.js';
export { ArticlesService } from './articles.service.js';
export { SearchService } from './article-search.service.js';
export { PassagesService } from './article-passages.service.js';
export { ArticlePublicationsReader } from './article-publications.reader.js';
export { ARTICLE_CACHE_TTL_SECONDS, ArticlesCacheService } from './articles-cache.service.js';
export { ArticleChangeListener } from './article-change.listener.js';

// Editorial commands: editors' and jobs' writes, the review stage, Article Management's list.
export { ArticleCommands, type ArticleDependents, type ProblemDraft } from './article-commands.js';
export { ArticleReviewStore, type Reviewer } from './article-review.store.js';
export { reviewerOf } from './reviewer.js';
export { AdminArticleListService } from './admin-article-list.service.js';
export { adminActor, setActor, type Actor } from './article-writer.js';

// Readers' counts: likes, shares and comments.
export { ArticleReaderCounts, READER_COUNT_SQL } from './article-reader-counts.js';
export { ArticleCountersSnapshot } from './article-counters.reader.js';

// History: revisions, and how an article was made as readers are told.
export { ArticleHistory } from './article-history.js';
export { ArticleProvenanceService, type GenerationRecord } from './article-provenance.service.js';
// The AI involvement grade: computed, kept with its changes, read by lists, feeds and the evidence export.
export { ArticleDisclosureService, type StoredGrade } from './article-disclosure.service.js';
export { ArticleGradeKeeper } from './article-grade.keeper.js';
export { cardGrade } from './article-summary.js';

// Recovery: backups' snapshots and restores.
export { ArticleRecoveryStore, type RestoreCandidate, type SnapshotRow } from './article-recovery.store.js';

// The database's behaviour on the article tables: column rules, revisions, HTTP cache purges (assembled in app/database-behaviour.ts).
export { articleColumnsSql } from './article-columns.sql.js';
export { articleHistorySql } from './article-history.sql.js';
export { articleGradeSql } from './article-grade.sql.js';
export { articlePurgeSql } from './article-purge.sql.js';
export { articlePublicationSql } from './article-publication.sql.js';
export { ARTICLES_ENTITIES } from './tables.js';
