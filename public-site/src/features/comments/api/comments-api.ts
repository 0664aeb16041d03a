import { callApi } from '@ai-mind/ui';
import { publicApi, type CreateCommentRequest } from '@ai-mind/contracts/web';

export const fetchComments = (articleId: number) => callApi(publicApi.articles.comments, { params: { id: articleId } });

export const postComment = (articleId: number, body: CreateCommentRequest) => callApi(publicApi.articles.addComment, { params: { id: articleId }, body });
