import { callApi } from '@ai-mind/ui';
import { publicApi, type CreateCommentRequest } from '@ai-mind/contracts/web';

export const fetchComments = (articleId: number) => callApi(publicApi.articles.listComments, { params: { id: articleId } });

export const postComment = (articleId: number, body: CreateCommentRequest) => callApi(publicApi.articles.postComment, { params: { id: articleId }, body });
