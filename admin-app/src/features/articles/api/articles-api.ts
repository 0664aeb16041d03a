import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  articleKeys,
  DRAFT_COUNT_HEADER,
  MORE_MATCHES_HEADER,
  PUBLISHED_COUNT_HEADER,
  type AdminArticle,
  type AdminArticleListQuery,
  type AdminArticleSummary,
  type ArticleProvenance,
  type ArticleRevisionDetail,
  type ArticleRevisionSummary,
  type MessageResponse,
  type RegenerateImagesRequest,
  type RegenerateImagesResponse,
  type UpdateBlogRequest,
  type UpdateBlogResponse,
} from '@ai-mind/contracts';
import { useQuery } from '@tanstack/react-query';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type ArticleFilters = Omit<AdminArticleListQuery, 'cursor' | 'limit'>;

export const fetchAdminArticlePage = (filters: ArticleFilters, cursor?: string) => fetchPage<AdminArticleSummary>('/api/admin/articles', filters, cursor);
export const fetchAdminArticle = (id: number) => apiRequest<AdminArticle>(`/api/admin/articles/${id}`);
/**
 * Publish and delete name the version the editor saw: a newer change by someone else is answered 409.
 * A draft with open claim flags is refused (409) unless `overrideClaims`: the editor vouches for them.
 */
export const approveBlog = (article: Pick<AdminArticle, 'id' | 'version'> & { overrideClaims?: boolean }) =>
  apiRequest<MessageResponse>('/api/admin/approve-blog', { method: 'POST', body: { blogId: article.id, version: article.version, ...(article.overrideClaims ? { overrideClaims: true } : {}) } });
export const declineBlog = (article: Pick<AdminArticle, 'id' | 'version'>) =>
  apiRequest<MessageResponse>('/api/admin/decline-blog', { method: 'POST', body: { blogId: article.id, version: article.version } });
export const updateBlog = (id: number, body: UpdateBlogRequest) => apiRequest<UpdateBlogResponse>(`/api/admin/blogs/${id}`, { method: 'PUT', body });
export const regenerateImages = (body: RegenerateImagesRequest) =>
  apiRequest<RegenerateImagesResponse>('/api/admin/regenerate-images', { method: 'POST', body });
export const clearProblematicBlogs = () => apiRequest<MessageResponse>('/api/admin/clear-problematic-blogs', { method: 'POST' });

export const fetchArticleProvenance = (articleId: number) => apiRequest<ArticleProvenance>(`/api/admin/articles/${articleId}/provenance`);
export const fetchArticleHistory = (articleId: number) => apiRequest<ArticleRevisionSummary[]>(`/api/admin/articles/${articleId}/revisions`);
export const fetchArticleRevision = (articleId: number, revisionId: number) =>
  apiRequest<ArticleRevisionDetail>(`/api/admin/articles/${articleId}/revisions/${revisionId}`);
export const restoreArticleRevision = (articleId: number, revisionId: number, version: number) =>
  apiRequest<AdminArticle>(`/api/admin/articles/${articleId}/revisions/${revisionId}/restore`, { method: 'POST', body: { version } });

// Queries

/** Article Management's list, page by page, with the server's exact counts (and a search's number of matches). */
export function useAdminArticles(filters: ArticleFilters) {
  const query = usePagedList(adminKeys.articleList(filters), (cursor) => fetchAdminArticlePage(filters, cursor));
  const first = query.data?.pages[0];
  const counts = first && {
    matching: first.total,
    published: Number(first.headers.get(PUBLISHED_COUNT_HEADER) ?? 0),
    drafts: Number(first.headers.get(DRAFT_COUNT_HEADER) ?? 0),
    moreMatches: first.headers.get(MORE_MATCHES_HEADER) === 'true',
  };
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), counts };
}

/** The sources, generation record and claims of one article, shown beside its editor. */
export const useArticleProvenance = (id: number) => useQuery({ queryKey: adminKeys.articleProvenance(id), queryFn: () => fetchArticleProvenance(id) });

/** One article in full (the editor, a draft's preview). */
export const useAdminArticle = (id: number | null) =>
  useQuery({ queryKey: adminKeys.article(id ?? 0), queryFn: () => fetchAdminArticle(id!), enabled: id !== null });

// Mutations, each with what it makes stale: the panel's article queries and the public site's.

const articlesChanged = () => [adminKeys.articles(), articleKeys.all] as const;

export const usePublishArticle = declareMutation((article: Pick<AdminArticle, 'id' | 'version'> & { overrideClaims?: boolean }) => approveBlog(article), articlesChanged);
export const useDeleteArticle = declareMutation((article: Pick<AdminArticle, 'id' | 'version'>) => declineBlog(article), articlesChanged);
export const useRegenerateImages = declareMutation(regenerateImages, articlesChanged);
export const useClearProblematicBlogs = declareMutation(clearProblematicBlogs, articlesChanged);
export const useSaveArticle = declareMutation(({ id, ...body }: UpdateBlogRequest & { id: number }) => updateBlog(id, body), articlesChanged);
export const useRestoreRevision = declareMutation(
  ({ articleId, revisionId, version }: { articleId: number; revisionId: number; version: number; createdAt: string }) => restoreArticleRevision(articleId, revisionId, version),
  articlesChanged,
);
