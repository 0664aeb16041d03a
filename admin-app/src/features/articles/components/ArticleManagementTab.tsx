import {
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_ARTICLE_SORTS,
  ARTICLE_STAGE_LABELS,
  ARTICLE_STAGES,
  BADGE_CATEGORIES,
  categoryBadgeColor,
  formatShortDate,
  type AdminArticleSummary,
  type ArticleStage,
} from '@ai-mind/contracts';
import { ApiError, serverMessage } from '@ai-mind/ui';
import { useCan } from '../../../lib/account';
import { useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS, APPROVE_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { PagedList } from '../../../lib/PagedList';
import { publicArticleUrl } from '../../../lib/public-site';
import {
  useAdminArticle,
  useAdminArticles,
  useDeleteProblematicDrafts,
  useCreateDraft,
  useDeleteArticle,
  usePublishArticle,
  useRegenerateImages,
  type ArticleFilters,
} from '../api/articles-api';
import { useReviewRights } from '../hooks/use-review-rights';
import { ArticleHistory } from './ArticleHistory';
import { ArticleProvenancePanel } from './ArticleProvenancePanel';
import { ArticlePublicRecord, ErrorReportQueue, StoriesWithNewReports } from './ArticlePublicRecord';
import { ArticleEditor } from './ArticleEditor';
import { ArticleEvidenceExport } from '../../evidence/components/ArticleEvidenceExport';
import { ReviewPanel, StageBadge } from './ReviewPanel';

const CATEGORY_CHOICES = [...new Set([...BADGE_CATEGORIES, 'Human Achievements', 'AI Product Reviews'])].sort();
const SORT_LABELS: Record<(typeof ADMIN_ARTICLE_SORTS)[number], string> = { newest: 'Newest first', oldest: 'Oldest first', likes: 'Most liked' };

/** The list's filters as the URL holds them: /articles?q=...&status=draft&stage=in_review&assignee=me&category=...&sort=likes. */
function filtersOf(params: URLSearchParams): ArticleFilters {
  const status = params.get('status');
  const stage = params.get('stage');
  const sort = params.get('sort');
  return {
    ...(params.get('q') ? { search: params.get('q')! } : {}),
    ...(status === 'draft' || status === 'published' ? { status } : {}),
    ...(stage && (ARTICLE_STAGES as readonly string[]).includes(stage) ? { stage: stage as ArticleStage } : {}),
    ...(params.get('assignee') === 'me' ? { assignee: 'me' as const } : {}),
    ...(params.get('category') ? { category: params.get('category')! } : {}),
    ...(sort && (ADMIN_ARTICLE_SORTS as readonly string[]).includes(sort) ? { sort: sort as ArticleFilters['sort'] } : {}),
  };
}

export function ArticleManagementTab() {
  const { articleId, articleView } = useAdminLocation();
  return articleId === null ? <ArticleList /> : <OpenArticle id={articleId} view={articleView!} />;
}

/** /articles/:id (the editor) and /articles/:id/history, loading the one article. */
function OpenArticle({ id, view }: { id: number; view: 'edit' | 'history' }) {
  const { go, searchParams } = useAdminLocation();
  const article = useAdminArticle(id);
  const close = () => go('articles', searchParams);
  if (article.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!article.data) {
    return (
      <Stack align="flex-start">
        <Text role="alert">
          {article.error instanceof ApiError && article.error.status === 404 ? `Article ${id} does not exist (any more).` : MESSAGES.fetchArticlesFailed}
        </Text>
        <Button variant="default" onClick={close}>
          Back to the articles
        </Button>
      </Stack>
    );
  }
  return view === 'history' ? (
    <ArticleHistory article={article.data} onClose={close} />
  ) : (
    <Stack>
      <ArticleEditor key={`${article.data.id}`} article={article.data} onClose={close} />
      <ArticleProvenancePanel article={article.data} />
      <ArticlePublicRecord article={article.data} />
      <ArticleEvidenceExport article={article.data} />
    </Stack>
  );
}

function ArticleList() {
  const { searchParams, setParams, go } = useAdminLocation();
  const can = useCan();
  const filters = filtersOf(searchParams);
  const articles = useAdminArticles(filters);
  const [term, setTerm] = useState(filters.search ?? '');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [reviewId, setReviewId] = useState<number | null>(null);
  const rights = useReviewRights();

  const publish = usePublishArticle({
    onSuccess: () => showAlert(MESSAGES.publishSucceeded),
    onError: (error) => {
      // The alert points the editor to the console for the full error.
      // eslint-disable-next-line no-console
      console.error(error);
      const status = error instanceof ApiError ? error.status : 'network error';
      // A conflict's error is only 'Conflict'; its message names who changed the article and when.
      const fields = status === 409 ? ADMIN_ERROR_FIELDS : APPROVE_ERROR_FIELDS;
      showAlert(MESSAGES.publishFailed(serverMessage(error, MESSAGES.approveArticleFallback(status), fields)));
    },
  });
  const remove = useDeleteArticle({
    onSuccess: () => showAlert(MESSAGES.deleteSucceeded),
    // A refusal with a reason (the article changed since it was listed) says so; anything else is the spec's text.
    onError: (error) =>
      showAlert(error instanceof ApiError && error.status === 409 ? serverMessage(error, MESSAGES.deleteFailed, ADMIN_ERROR_FIELDS) : MESSAGES.deleteFailed),
  });
  const regenerate = useRegenerateImages({
    onSuccess: ({ updatedCount }) => showAlert(MESSAGES.regenerateSucceeded(updatedCount)),
    onError: (error) => showAlert(MESSAGES.regenerateFailed(serverMessage(error, error.message, ADMIN_ERROR_FIELDS))),
  });
  const clearProblematic = useDeleteProblematicDrafts({
    onSuccess: (result) => showAlert(result.message),
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: term.trim() || null });
  };
  const counts = articles.counts;
  const status = filters.status ?? 'all';

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>Articles</Title>
          {counts && (
            <>
              <Badge size="lg" variant="light" color="gray" data-testid="count-all">
                {(counts.published + counts.drafts).toLocaleString('en-US')} in all
              </Badge>
              <Badge size="lg" color="green" variant="light" data-testid="count-published">
                {counts.published.toLocaleString('en-US')} published
              </Badge>
              <Badge size="lg" color="yellow" variant="light" data-testid="count-drafts">
                {counts.drafts.toLocaleString('en-US')} drafts
              </Badge>
              {(['in_review', 'ready', 'scheduled'] as const).map((stage) => (
                <Badge key={stage} size="lg" variant="outline" color="gray" data-testid={`count-${stage}`}>
                  {counts.stages[stage].toLocaleString('en-US')} {ARTICLE_STAGE_LABELS[stage].toLowerCase()}
                </Badge>
              ))}
            </>
          )}
        </Group>
        <Group gap="xs">
          {can('articles.draft') && <NewDraft />}
          {can('media.regenerate') && (
            <Button
              variant="light"
              loading={regenerate.isPending && regenerate.variables?.regenerateAll === true}
              onClick={() => regenerate.mutate({ regenerateAll: true })}
            >
              Regenerate All Images
            </Button>
          )}
          {can('articles.delete') && (
            <Button variant="light" color="orange" loading={clearProblematic.isPending} onClick={() => clearProblematic.mutate()}>
              Clear Problematic Blogs
            </Button>
          )}
        </Group>
      </Group>
      <ErrorReportQueue />
      <StoriesWithNewReports />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <form onSubmit={search} role="search" style={{ flex: '1 1 18rem' }}>
          <Group gap="xs" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="Search articles"
              placeholder="Words of the title or text"
              value={term}
              onChange={(event) => setTerm(event.currentTarget.value)}
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => setParams({ status: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Drafts' },
          ]}
        />
        <Select
          label="Stage"
          placeholder="Any stage"
          clearable
          data={ARTICLE_STAGES.map((value) => ({ value, label: ARTICLE_STAGE_LABELS[value] }))}
          value={filters.stage ?? null}
          onChange={(value) => setParams({ stage: value })}
          w={180}
        />
        <Checkbox
          label="Assigned to me"
          checked={filters.assignee === 'me'}
          onChange={(event) => setParams({ assignee: event.currentTarget.checked ? 'me' : null })}
          mb={8}
        />
        <Select
          label="Category"
          placeholder="Any category"
          clearable
          data={CATEGORY_CHOICES}
          value={filters.category ?? null}
          onChange={(value) => setParams({ category: value })}
          w={200}
        />
        <Select
          label="Order"
          disabled={filters.search !== undefined}
          title={filters.search !== undefined ? 'Search results come best match first' : undefined}
          data={ADMIN_ARTICLE_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          value={filters.sort ?? 'newest'}
          onChange={(value) => setParams({ sort: value === 'newest' ? null : value })}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {counts && (filters.search || filters.category || filters.status || filters.stage || filters.assignee) && (
        <Text size="sm" c="dimmed" data-testid="matching-count">
          {counts.moreMatches
            ? `The newest ${counts.matching.toLocaleString('en-US')} matching articles, best match first: add words or a category to reach older ones`
            : `${counts.matching.toLocaleString('en-US')} matching article${counts.matching === 1 ? '' : 's'}`}
        </Text>
      )}
      <PagedList list={articles} errorText={MESSAGES.fetchArticlesFailed} emptyText={MESSAGES.noArticles}>
        {(items: AdminArticleSummary[]) =>
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
                    <StageBadge article={article} />
                    <Text size="xs" c="dimmed">
                      {formatShortDate(article.createdAt)} · {article.likes} likes · {article.comments} comments
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {article.excerpt}
                  </Text>
                </Stack>
                <Group gap="xs" justify="flex-end">
                  {!article.approved && can('articles.publish') && (
                    <Button size="xs" color="green" loading={publish.isPending && publish.variables?.id === article.id} onClick={() => publish.mutate(article)}>
                      Publish
                    </Button>
                  )}
                  <Button size="xs" variant="light" onClick={() => setReviewId(reviewId === article.id ? null : article.id)}>
                    {reviewId === article.id ? 'Hide Review' : 'Review'}
                  </Button>
                  {rights.mayChange(article) && (
                    <Button size="xs" variant="light" onClick={() => go(`articles/${article.id}`, searchParams)}>
                      Edit
                    </Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => go(`articles/${article.id}/history`, searchParams)}>
                    History
                  </Button>
                  {can('comments.moderate') && (
                    <Button size="xs" variant="default" onClick={() => go('comments', new URLSearchParams({ article: String(article.id) }))}>
                      Comments ({article.comments})
                    </Button>
                  )}
                  {article.approved ? (
                    <Button size="xs" variant="default" component="a" href={publicArticleUrl(article.slug)} target="_blank" rel="noopener noreferrer">
                      Preview
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => setPreviewId(previewId === article.id ? null : article.id)}>
                      {previewId === article.id ? 'Hide Preview' : 'Preview'}
                    </Button>
                  )}
                  {can('media.regenerate') && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={regenerate.isPending && regenerate.variables?.blogIds?.[0] === article.id}
                      onClick={() => regenerate.mutate({ blogIds: [article.id] })}
                    >
                      Regenerate Image
                    </Button>
                  )}
                  {can('articles.delete') && (
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
                  )}
                </Group>
              </Group>
              {reviewId === article.id && <ReviewPanel article={article} />}
              {previewId === article.id && !article.approved && <DraftPreview id={article.id} />}
            </Card>
          ))
        }
      </PagedList>
    </Stack>
  );
}

/** A new draft of one's own: a title and a category, then the editor. */
function NewDraft() {
  const { go } = useAdminLocation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const create = useCreateDraft({
    onSuccess: (draft) => go(`articles/${draft.id}`),
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });
  if (!open) {
    return (
      <Button variant="filled" onClick={() => setOpen(true)}>
        New Draft
      </Button>
    );
  }
  return (
    <form
      aria-label="New draft"
      onSubmit={(event) => {
        event.preventDefault();
        if (title.trim() && category) create.mutate({ title: title.trim(), category, content: '' });
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput label="Title" required value={title} onChange={(event) => setTitle(event.currentTarget.value)} w={240} />
        <NativeSelect
          label="Category"
          required
          data={['', ...CATEGORY_CHOICES]}
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value)}
          w={180}
        />
        <Button type="submit" loading={create.isPending}>
          Create
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** A draft's body, loaded when its preview opens: the list itself carries no bodies. */
function DraftPreview({ id }: { id: number }) {
  const article = useAdminArticle(id);
  if (!article.data) return <Loader size="sm" mt="md" aria-label="Loading preview" />;
  return (
    <Typography mt="md" data-testid="draft-preview">
      {/* Stored content is sanitized on the server when saved. */}
      <div dangerouslySetInnerHTML={{ __html: article.data.content }} />
    </Typography>
  );
}
