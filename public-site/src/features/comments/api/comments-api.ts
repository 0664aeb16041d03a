import { callApi } from '@ai-mind/ui';
import { api, type CreateCommentRequest } from '@ai-mind/contracts/web';

export const fetchComments = (articleId: number) => callApi(api.articles.comments, { params: { id: articleId } });

export const postComment = (articleId: number, body: CreateCommentRequest) => callApi(api.articles.addComment, { params: { id: articleId }, body });
