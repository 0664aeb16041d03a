import type {
  AdminArticleListQuery,
  AdminCommentListQuery,
  AdminContactListQuery,
  AdminNewsletterSubscriberListQuery,
  AuditLogQuery,
  AuditRefusalsQuery,
} from './admin-lists.js';
import type { AnalyticsRangeQuery } from './analytics.js';
import type { ArticleListQuery } from './articles.js';

type Filters<Q> = Omit<Q, 'cursor' | 'limit'>;

/** Query-key factories, one per resource, so mutations can invalidate by resource. */
export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  /** One list, all of its pages (an infinite query): category and search, never the cursor. */
  list: (query: Pick<ArticleListQuery, 'category' | 'search'>) => [...articleKeys.lists(), query] as const,
  details: () => [...articleKeys.all, 'detail'] as const,
  bySlug: (slug: string) => [...articleKeys.details(), slug] as const,
  /** Every correction and update note (the /corrections page). */
  corrections: () => [...articleKeys.all, 'corrections'] as const,
};

export const trendingKeys = {
  all: ['trending'] as const,
  feed: () => [...trendingKeys.all, 'feed'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  session: () => [...adminKeys.all, 'session'] as const,
  /** Every article query of the panel: its lists, single articles and histories. */
  articles: () => [...adminKeys.all, 'articles'] as const,
  /** One Article Management list, all of its pages. */
  articleList: (filters: Filters<AdminArticleListQuery>) => [...adminKeys.articles(), 'list', filters] as const,
  article: (id: number) => [...adminKeys.articles(), id] as const,
  articleHistory: (articleId: number) => [...adminKeys.all, 'articles', articleId, 'history'] as const,
  articleRevision: (articleId: number, revisionId: number) => [...adminKeys.all, 'articles', articleId, 'history', revisionId] as const,
  /** The accounts an article may be assigned to. */
  assignees: () => [...adminKeys.all, 'assignees'] as const,
  /** How the article was made: its sources, generation record and checked claims (refetched with every article change). */
  articleProvenance: (articleId: number) => [...adminKeys.all, 'articles', articleId, 'provenance'] as const,
  trendingTopics: () => [...adminKeys.all, 'trending-topics'] as const,
  trendingSources: () => [...adminKeys.all, 'trending-sources'] as const,
  approvedTopics: () => [...adminKeys.all, 'approved-topics'] as const,
  contactSubmissions: () => [...adminKeys.all, 'contact-submissions'] as const,
  contactList: (filters: Filters<AdminContactListQuery>) => [...adminKeys.contactSubmissions(), filters] as const,
  /** Readers' error reports: the queue and each article's. */
  errorReports: () => [...adminKeys.all, 'error-reports'] as const,
  errorReportList: (filters: { status?: string; article?: number }) => [...adminKeys.errorReports(), filters] as const,
  comments: () => [...adminKeys.all, 'comments'] as const,
  commentList: (filters: Filters<AdminCommentListQuery>) => [...adminKeys.comments(), filters] as const,
  newsletter: () => [...adminKeys.all, 'newsletter'] as const,
  newsletterSubscribers: (filters: Filters<AdminNewsletterSubscriberListQuery>) => [...adminKeys.newsletter(), 'subscribers', filters] as const,
  newsletterCounts: () => [...adminKeys.newsletter(), 'counts'] as const,
  newsletterDigests: () => [...adminKeys.newsletter(), 'digests'] as const,
  newsletterSettings: () => [...adminKeys.newsletter(), 'settings'] as const,
  newsletterPreview: () => [...adminKeys.newsletter(), 'preview'] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  auditList: (filters: Filters<AuditLogQuery>) => [...adminKeys.auditLog(), filters] as const,
  auditRefusals: (filters: Filters<AuditRefusalsQuery>) => [...adminKeys.auditLog(), 'refusals', filters] as const,
  people: () => [...adminKeys.all, 'people'] as const,
  /** One chart of the Analytics tab over one range. */
  analytics: (chart: string, range: AnalyticsRangeQuery) => [...adminKeys.all, 'analytics', chart, range] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  forArticle: (articleId: number) => [...commentKeys.all, articleId] as const,
};

export const storyKeys = {
  all: ['stories'] as const,
  bySlug: (slug: string) => [...storyKeys.all, 'slug', slug] as const,
  ofArticle: (articleId: number) => [...storyKeys.all, 'article', articleId] as const,
};
