import { apiRequest } from '@ai-mind/ui';
import type { Comment, CreateCommentRequest } from '@ai-mind/contracts/web';

export const fetchComments = (articleId: number) => apiRequest<Comment[]>(`/api/articles/${articleId}/comments`);

export const postComment = (articleId: number, body: CreateCommentRequest) =>
  apiRequest<Comment>(`/api/articles/${articleId}/comments`, { method: 'POST', body });
