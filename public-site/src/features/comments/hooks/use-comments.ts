import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, serverMessage } from '@ai-mind/ui';
import { articleKeys, COMMENT_MESSAGES, commentKeys, type Comment, type CreateCommentRequest } from '@ai-mind/contracts/web';
import { fetchComments, postComment } from '../api/comments-api';

/** The AI reply is written by a background job, usually within seconds: ask again this often... */
export const AI_REPLY_POLL_INTERVAL_MS = 2000;
/** ...but only for this long after the last comment was posted or the page opened, so a stuck job costs nothing. */
export const AI_REPLY_POLL_WINDOW_MS = 60_000;

const awaitingReply = (comments: Comment[] | undefined) => comments?.some((comment) => comment.aiResponse === null) ?? false;

/** The query of an article's comments: the hook below and the server render both use it. */
export function commentsQuery(articleId: number) {
  return queryOptions({ queryKey: commentKeys.forArticle(articleId), queryFn: () => fetchComments(articleId) });
}

/**
 * The article's comments, newest first. While a comment still waits for its AI reply the list is
 * refetched every 2 s, for at most a minute from when the waiting started, so the reply appears
 * without a reload.
 */
export function useComments(articleId: number) {
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const query = useQuery({
    ...commentsQuery(articleId),
    // The server-rendered page may come from its cache (a comment does not change the article): the
    // list the page was rendered with is shown at once and asked for again as the page mounts.
    staleTime: 0,
    refetchInterval: (current) =>
      awaitingReply(current.state.data) && Date.now() - pollingSince < AI_REPLY_POLL_WINDOW_MS ? AI_REPLY_POLL_INTERVAL_MS : false,
  });
  return { ...query, restartPolling: () => setPollingSince(Date.now()) };
}

/**
 * Why the server turned the comment away (spam screening, a repeat, too many comments from one
 * address and when to try again), or null for a real failure.
 */
export function commentRejection(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 429)) return null;
  return serverMessage(error, '', ['details', 'message']) || null;
}

/** Posts a comment; on success the comments and the article's comment count are refetched. */
export function usePostComment(articleId: number, onPosted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentRequest) => postComment(articleId, body),
    onSuccess: async () => {
      notifications.show(COMMENT_MESSAGES.posted);
      onPosted();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.forArticle(articleId) }),
        queryClient.invalidateQueries({ queryKey: articleKeys.details() }),
      ]);
    },
    // A refusal is explained next to the form; the spec's toast is for failures the reader cannot act on.
    onError: (error) => {
      if (!commentRejection(error)) notifications.show({ color: 'red', title: 'Error', message: COMMENT_MESSAGES.failed });
    },
  });
}
