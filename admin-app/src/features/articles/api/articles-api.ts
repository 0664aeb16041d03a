import { apiRequest } from '@ai-mind/ui';
import type {
  AdminArticle,
  ArticleRevisionDetail,
  ArticleRevisionSummary,
  MessageResponse,
  RegenerateImagesRequest,
  RegenerateImagesResponse,
  UpdateBlogRequest,
  UpdateBlogResponse,
} from '@ai-mind/contracts';

export const fetchAdminArticles = () => apiRequest<AdminArticle[]>('/api/admin/articles');
/** Publish and delete name the version the editor saw: a newer change by someone else is answered 409. */
export const approveBlog = (article: Pick<AdminArticle, 'id' | 'version'>) =>
  apiRequest<MessageResponse>('/api/admin/approve-blog', { method: 'POST', body: { blogId: article.id, version: article.version } });
export const declineBlog = (article: Pick<AdminArticle, 'id' | 'version'>) =>
  apiRequest<MessageResponse>('/api/admin/decline-blog', { method: 'POST', body: { blogId: article.id, version: article.version } });
export const updateBlog = (id: number, body: UpdateBlogRequest) => apiRequest<UpdateBlogResponse>(`/api/admin/blogs/${id}`, { method: 'PUT', body });
export const regenerateImages = (body: RegenerateImagesRequest) =>
  apiRequest<RegenerateImagesResponse>('/api/admin/regenerate-images', { method: 'POST', body });
export const clearProblematicBlogs = () => apiRequest<MessageResponse>('/api/admin/clear-problematic-blogs', { method: 'POST' });

export const fetchArticleHistory = (articleId: number) => apiRequest<ArticleRevisionSummary[]>(`/api/admin/articles/${articleId}/revisions`);
export const fetchArticleRevision = (articleId: number, revisionId: number) =>
  apiRequest<ArticleRevisionDetail>(`/api/admin/articles/${articleId}/revisions/${revisionId}`);
export const restoreArticleRevision = (articleId: number, revisionId: number, version: number) =>
  apiRequest<AdminArticle>(`/api/admin/articles/${articleId}/revisions/${revisionId}/restore`, { method: 'POST', body: { version } });
