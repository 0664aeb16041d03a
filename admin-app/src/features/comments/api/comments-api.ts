import { callApi } from '@ai-mind/ui';
import { adminKeys, api, articleKeys, commentKeys, type AdminCommentListQuery } from '@ai-mind/contracts';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type CommentFilters = Omit<AdminCommentListQuery, 'cursor' | 'limit'>;

export const fetchCommentPage = (filters: CommentFilters, cursor?: string) => fetchPage(api.admin.comments.list, filters, cursor);

export function useAdminComments(filters: CommentFilters) {
  const query = usePagedList(adminKeys.commentList(filters), (cursor) => fetchCommentPage(filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

/** Moderation changes the comment lists, the articles' comment counters and the public comment lists. */
const commentsChanged = () => [adminKeys.comments(), adminKeys.articles(), articleKeys.all, commentKeys.all] as const;

export const useDeleteComments = declareMutation((ids: number[]) => callApi(api.admin.comments.delete, { body: { ids } }), commentsChanged);
export const useMarkSpam = declareMutation((body: { ids: number[]; spam: boolean }) => callApi(api.admin.comments.markSpam, { body }), commentsChanged);
