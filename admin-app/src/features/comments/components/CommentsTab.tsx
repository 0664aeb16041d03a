import { Anchor, Badge, Button, Card, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminComment } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { BulkListHeading, useSelection } from '../../../lib/BulkList';
import { ADMIN_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { PagedList } from '../../../lib/PagedList';
import { publicArticleUrl } from '../../../lib/public-site';
import { SearchBox } from '../../../lib/SearchBox';
import { useAdminComments, useDeleteComments, useMarkSpam, type CommentFilters } from '../api/comments-api';

export const COMMENT_MESSAGES = {
  fetchFailed: 'Failed to fetch comments',
  none: 'No comments found.',
  deleteConfirm: (count: number) =>
    `Delete ${count === 1 ? 'this comment' : `these ${count} comments`} and ${count === 1 ? 'its AI reply' : 'their AI replies'} permanently?`,
  deleteFailed: 'Failed to delete comments.',
  spamFailed: 'Failed to mark comments as spam.',
};

function filtersOf(params: URLSearchParams): CommentFilters {
  const article = params.get('article');
  const spam = params.get('spam');
  return {
    ...(article && /^\d+$/.test(article) ? { articleId: Number(article) } : {}),
    ...(params.get('q') ? { search: params.get('q')! } : {}),
    ...(spam === 'true' || spam === 'false' ? { spam } : {}),
  };
}

/** Every article's comments, newest first: find by text, name or article; delete or mark spam, one or many. */
export function CommentsTab() {
  const { searchParams, setParams } = useAdminLocation();
  const filters = filtersOf(searchParams);
  const comments = useAdminComments(filters);
  const { selected, ids, toggle, clear } = useSelection();
  const done = (result: { message: string }) => {
    clear();
    notifications.show({ title: 'Comments', message: result.message });
  };
  const remove = useDeleteComments({ onSuccess: done, onError: (error) => showAlert(serverMessage(error, COMMENT_MESSAGES.deleteFailed, ADMIN_ERROR_FIELDS)) });
  const spam = useMarkSpam({ onSuccess: done, onError: (error) => showAlert(serverMessage(error, COMMENT_MESSAGES.spamFailed, ADMIN_ERROR_FIELDS)) });
  const askDelete = (ids: number[]) => confirmAction(COMMENT_MESSAGES.deleteConfirm(ids.length)) && remove.mutate(ids);
  const articleTitle = filters.articleId !== undefined ? comments.items?.[0]?.articleTitle : undefined;

  return (
    <Stack>
      <BulkListHeading title="Comments" total={comments.total} countTestId="comment-count">
        <Button
          size="sm"
          variant="light"
          color="orange"
          disabled={selected.size === 0}
          loading={spam.isPending}
          onClick={() => spam.mutate({ ids: ids(), spam: true })}
        >
          Mark selected as spam ({selected.size})
        </Button>
        <Button size="sm" variant="light" color="red" disabled={selected.size === 0} loading={remove.isPending} onClick={() => askDelete(ids())}>
          Delete selected ({selected.size})
        </Button>
      </BulkListHeading>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox label="Search comments" placeholder="Words of the comment or the author's name" />
        <SegmentedControl
          aria-label="Spam"
          value={filters.spam ?? 'all'}
          onChange={(value) => setParams({ spam: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'false', label: 'Not spam' },
            { value: 'true', label: 'Spam' },
          ]}
        />
      </Group>
      {filters.articleId !== undefined && (
        <Group gap="xs">
          <Text size="sm">Comments on {articleTitle ? `"${articleTitle}"` : `article ${filters.articleId}`}</Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setParams({ article: null })}>
            All articles
          </Button>
        </Group>
      )}
      <PagedList list={comments} errorText={COMMENT_MESSAGES.fetchFailed} emptyText={COMMENT_MESSAGES.none}>
        {(items: AdminComment[]) =>
          items.map((comment) => (
            <Card key={comment.id} withBorder padding="sm" data-testid="admin-comment">
              <Group align="flex-start" wrap="nowrap">
                <Checkbox
                  aria-label={`Select the comment of ${comment.authorName}`}
                  checked={selected.has(comment.id)}
                  onChange={(event) => toggle(comment.id, event.currentTarget.checked)}
                />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{comment.authorName}</Text>
                    <Text size="xs" c="dimmed">
                      {new Date(comment.createdAt).toLocaleString('en-US')} on{' '}
                      <Anchor size="xs" onClick={() => setParams({ article: String(comment.articleId) })}>
                        {comment.articleTitle}
                      </Anchor>
                      {comment.articleSlug && (
                        <>
                          {' '}
                          (
                          <Anchor size="xs" href={publicArticleUrl(comment.articleSlug)} target="_blank" rel="noopener noreferrer">
                            on the site
                          </Anchor>
                          )
                        </>
                      )}
                    </Text>
                    {comment.spam && <Badge color="orange">Spam</Badge>}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {comment.content}
                  </Text>
                  {comment.aiResponse && (
                    <Text size="xs" c="dimmed">
                      AI reply: {comment.aiResponse}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => spam.mutate({ ids: [comment.id], spam: !comment.spam })}>
                    {comment.spam ? 'Not spam' : 'Spam'}
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => askDelete([comment.id])}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Card>
          ))
        }
      </PagedList>
    </Stack>
  );
}
