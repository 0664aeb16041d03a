import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '@ai-mind/contracts/web';
import { useComments } from '../hooks/use-comments';
import { CommentForm } from './CommentForm';
import { CommentList } from './CommentList';

/** The article page's comments: the form, then the list with the AI's replies as they arrive. */
export function CommentsSection({ articleId, commentCount, children }: { articleId: number; commentCount: number; children?: ReactNode }) {
  const comments = useComments(articleId);
  const count = comments.data?.length ?? commentCount;
  return (
    <Stack component="section" aria-labelledby="comments-title" gap="md" data-testid="comments-section">
      {children}
      <Title order={2} size="h3" id="comments-title">
        Comments ({formatCount(count)})
      </Title>
      <CommentForm articleId={articleId} onPosted={comments.restartPolling} />
      {comments.isLoading ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading comments">
          <Skeleton h={72} />
          <Skeleton h={72} />
        </Stack>
      ) : comments.error ? (
        <Alert color="red" title="Failed to fetch comments">
          {comments.error.message}
        </Alert>
      ) : (
        <CommentList comments={comments.data ?? []} />
      )}
    </Stack>
  );
}
