import { Badge, Button, Card, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, articleKeys, categoryBadgeColor, formatShortDate, type AdminArticle } from '@ai-mind/contracts';
import { ApiError, serverMessage } from '@ai-mind/ui';
import { QueryList } from '../../../lib/QueryList';
import { ADMIN_ERROR_FIELDS, APPROVE_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { publicArticleUrl } from '../../../lib/public-site';
import { approveBlog, clearProblematicBlogs, declineBlog, fetchAdminArticles, regenerateImages } from '../api/articles-api';
import { ArticleHistory } from './ArticleHistory';
import { BlogEditor } from './BlogEditor';

export function ArticleManagementTab() {
  const queryClient = useQueryClient();
  const articles = useQuery({ queryKey: adminKeys.articles(), queryFn: fetchAdminArticles });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const refetchArticles = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.articles() }), queryClient.invalidateQueries({ queryKey: articleKeys.all })]);
  /** Refused because someone changed the article since this list was loaded: show their version. */
  const refetchOnConflict = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) void refetchArticles();
  };

  const publish = useMutation({
    mutationFn: (article: AdminArticle) => approveBlog(article),
    onSuccess: async () => {
      await refetchArticles();
      showAlert(MESSAGES.publishSucceeded);
    },
    onError: (error) => {
      // The alert points the editor to the console for the full error.
      // eslint-disable-next-line no-console
      console.error(error);
      refetchOnConflict(error);
      const status = error instanceof ApiError ? error.status : 'network error';
      // A conflict's error is only 'Conflict'; its message names who changed the article and when.
      const fields = status === 409 ? ADMIN_ERROR_FIELDS : APPROVE_ERROR_FIELDS;
      showAlert(MESSAGES.publishFailed(serverMessage(error, MESSAGES.approveBlogFallback(status), fields)));
    },
  });
  const remove = useMutation({
    mutationFn: (article: AdminArticle) => declineBlog(article),
    onSuccess: async () => {
      await refetchArticles();
      showAlert(MESSAGES.deleteSucceeded);
    },
    // A refusal with a reason (the article changed since it was listed) says so; anything else is the spec's text.
    onError: (error) => {
      refetchOnConflict(error);
      showAlert(error instanceof ApiError && error.status === 409 ? serverMessage(error, MESSAGES.deleteFailed, ADMIN_ERROR_FIELDS) : MESSAGES.deleteFailed);
    },
  });
  const regenerate = useMutation({
    mutationFn: regenerateImages,
    onSuccess: async ({ updatedCount }) => {
      await refetchArticles();
      showAlert(MESSAGES.regenerateSucceeded(updatedCount));
    },
    onError: (error) => showAlert(MESSAGES.regenerateFailed(serverMessage(error, error.message, ADMIN_ERROR_FIELDS))),
  });
  const clearProblematic = useMutation({
    mutationFn: clearProblematicBlogs,
    onSuccess: async (result) => {
      await refetchArticles();
      showAlert(result.message);
    },
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });

  const editing = articles.data?.find((article) => article.id === editingId);
  if (editing) return <BlogEditor key={editing.id} article={editing} onClose={() => setEditingId(null)} />;
  const inHistory = articles.data?.find((article) => article.id === historyId);
  if (inHistory) return <ArticleHistory article={inHistory} onClose={() => setHistoryId(null)} />;

  const publishedCount = articles.data?.filter((article) => article.approved).length ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>Articles</Title>
          <Badge size="lg" color="green" variant="light">
            {publishedCount} published
          </Badge>
        </Group>
        <Group gap="xs">
          <Button variant="light" loading={regenerate.isPending && regenerate.variables?.regenerateAll === true} onClick={() => regenerate.mutate({ regenerateAll: true })}>
            Regenerate All Images
          </Button>
          <Button variant="light" color="orange" loading={clearProblematic.isPending} onClick={() => clearProblematic.mutate()}>
            Clear Problematic Blogs
          </Button>
        </Group>
      </Group>
      <QueryList query={articles} errorText={MESSAGES.fetchArticlesFailed} emptyText={MESSAGES.noArticles}>
        {(items) =>
          items.map((article) => (
            <Card key={article.id} withBorder padding="md" data-testid="admin-article">
              {/* The actions wrap below the title on narrow screens instead of squeezing it to a word per line. */}
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Text fw={600} data-testid="admin-article-title">
                    {article.title}
                  </Text>
                  <Group gap="xs">
                    <Badge color={categoryBadgeColor(article.category)} variant="light">
                      {article.category}
                    </Badge>
                    <Badge color={article.approved ? 'green' : 'gray'}>{article.approved ? 'Published' : 'Draft'}</Badge>
                    <Text size="xs" c="dimmed">
                      {formatShortDate(article.createdAt)}
                    </Text>
                  </Group>
                </Stack>
                <Group gap="xs" justify="flex-end">
                  {!article.approved && (
                    <Button size="xs" color="green" loading={publish.isPending && publish.variables?.id === article.id} onClick={() => publish.mutate(article)}>
                      Publish
                    </Button>
                  )}
                  <Button size="xs" variant="light" onClick={() => setEditingId(article.id)}>
                    Edit
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setHistoryId(article.id)}>
                    History
                  </Button>
                  {article.approved ? (
                    <Button size="xs" variant="default" component="a" href={publicArticleUrl(article.slug)} target="_blank" rel="noopener noreferrer">
                      Preview
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => setPreviewId(previewId === article.id ? null : article.id)}>
                      {previewId === article.id ? 'Hide Preview' : 'Preview'}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    loading={regenerate.isPending && regenerate.variables?.blogIds?.[0] === article.id}
                    onClick={() => regenerate.mutate({ blogIds: [article.id] })}
                  >
                    Regenerate Image
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    title="Permanent deletion"
                    loading={remove.isPending && remove.variables?.id === article.id}
                    onClick={() => confirmAction(MESSAGES.deleteConfirm) && remove.mutate(article)}
                  >
                    Decline (delete permanently)
                  </Button>
                </Group>
              </Group>
              {previewId === article.id && !article.approved && (
                <Typography mt="md" data-testid="draft-preview">
                  {/* Stored content is sanitized on the server when saved. */}
                  <div dangerouslySetInnerHTML={{ __html: article.content }} />
                </Typography>
              )}
            </Card>
          ))
        }
      </QueryList>
    </Stack>
  );
}
