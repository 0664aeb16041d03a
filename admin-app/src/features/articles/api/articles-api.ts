import { apiRequest } from '@ai-mind/ui';
import type { Article, MessageResponse, RegenerateImagesRequest, RegenerateImagesResponse, UpdateBlogRequest, UpdateBlogResponse } from '@ai-mind/contracts';

export const fetchAdminArticles = () => apiRequest<Article[]>('/api/admin/articles');
export const approveBlog = (blogId: number) => apiRequest<MessageResponse>('/api/admin/approve-blog', { method: 'POST', body: { blogId } });
export const declineBlog = (blogId: number) => apiRequest<MessageResponse>('/api/admin/decline-blog', { method: 'POST', body: { blogId } });
export const updateBlog = (id: number, body: UpdateBlogRequest) => apiRequest<UpdateBlogResponse>(`/api/admin/blogs/${id}`, { method: 'PUT', body });
export const regenerateImages = (body: RegenerateImagesRequest) =>
  apiRequest<RegenerateImagesResponse>('/api/admin/regenerate-images', { method: 'POST', body });
export const clearProblematicBlogs = () => apiRequest<MessageResponse>('/api/admin/clear-problematic-blogs', { method: 'POST' });
