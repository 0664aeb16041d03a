import { Alert, Badge, Button, Group, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, type AdminArticle, type ArticleRevisionDetail, type ArticleRevisionSummary } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useCan } from '../../../lib/account';
import { ADMIN_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { fetchArticleHistory, fetchArticleRevision, useRestoreRevision } from '../api/articles-api';
import { diffUnits, diffWords, paragraphs, type DiffPart } from './revision-diff';
import { ArticleGradeHistory } from './ArticleGradeHistory';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Who made a change, in an editor's words. */
function who(actor: string): string {
  const [kind, name = ''] = actor.split(/:(.*)/s);
  if (kind === 'admin') return name;
  if (kind === 'job') return `job ${name}`;
  if (kind === 'recovery') return `recovery (${name})`;
  if (kind === 'sql') return `SQL by hand (${name})`;
  return actor;
}

const ACTIONS: Record<ArticleRevisionSummary['action'], string> = {
  create: 'Created',
  update: 'Edited',
  publish: 'Published',
  unpublish: 'Unpublished',
  restore: 'Restored',
  delete: 'Deleted',
  submit: 'Submitted for review',
  'request-changes': 'Changes requested',
  'mark-ready': 'Marked ready',
  schedule: 'Scheduled',
  unschedule: 'Schedule cancelled',
  assign: 'Assigned',
  correction: 'Corrected in public',
};

/** Column names as an editor knows them. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  content: 'content',
  approved: 'status',
  stage: 'stage',
  scheduled_at: 'publish time',
  assignee_id: 'assignee',
  meta_description: 'meta description',
  meta_title: 'SEO title',
  image_url: 'image',
  ai_commentary: 'AI commentary',
  category: 'category',
  slug: 'URL',
  likes: 'likes',
  shares: 'shares',
  comments: 'comment count',
  corrections: 'corrections and update notes',
};

function whatChanged(revision: ArticleRevisionSummary): string {
  if (revision.action === 'create' || revision.action === 'delete') return '';
  return revision.changed.map((column) => FIELD_NAMES[column] ?? column).join(', ');
}

function Diff({ parts, block }: { parts: DiffPart[]; block?: boolean }) {
  if (parts.every((part) => part.kind === 'same')) return <Text c="dimmed">No change</Text>;
  const Piece = block ? 'p' : 'span';
  return (
    <div data-testid="revision-diff">
      {parts.map((part, index) => (
        <Piece
          key={index}
          data-change={part.kind}
          style={{
            background: part.kind === 'added' ? 'var(--mantine-color-green-1)' : part.kind === 'removed' ? 'var(--mantine-color-red-1)' : undefined,
            textDecoration: part.kind === 'removed' ? 'line-through' : undefined,
            margin: block ? '0 0 0.5em' : undefined,
          }}
        >
          {part.text}
          {block ? '' : ' '}
        </Piece>
      ))}
    </div>
  );
}

function Comparison({ older, newer }: { older: ArticleRevisionDetail; newer: ArticleRevisionDetail }) {
  const status = (revision: ArticleRevisionDetail) => (revision.approved ? 'Published' : 'Draft');
  return (
    <Table withTableBorder layout="fixed" data-testid="revision-comparison">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={160}>Title</Table.Th>
          <Table.Td>
            <Diff parts={diffWords(older.title, newer.title)} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Td>{older.approved === newer.approved ? status(newer) : `${status(older)} → ${status(newer)}`}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Meta description</Table.Th>
          <Table.Td>
            <Diff parts={diffWords(older.metaDescription ?? '', newer.metaDescription ?? '')} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Content</Table.Th>
          <Table.Td>
            <Diff block parts={diffUnits(paragraphs(older.content), paragraphs(newer.content))} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * An article's History: every committed change (when, who or which job, what changed), a comparison
 * of any two versions, and restoring an earlier version's text as a new change.
 */
export function ArticleHistory({ article, onClose }: { article: Pick<AdminArticle, 'id' | 'title' | 'version'>; onClose: () => void }) {
  const history = useQuery({ queryKey: adminKeys.articleHistory(article.id), queryFn: () => fetchArticleHistory(article.id) });
  const revisions = history.data ?? [];
  const [olderId, setOlderId] = useState<number | null>(null);
  const [newerId, setNewerId] = useState<number | null>(null);
  // By default the newest change against the one before it.
  const older = olderId ?? revisions[1]?.id ?? null;
  const newer = newerId ?? revisions[0]?.id ?? null;
  const revision = (id: number | null) => ({
    queryKey: adminKeys.articleRevision(article.id, id ?? 0),
    queryFn: () => fetchArticleRevision(article.id, id!),
    enabled: id !== null,
  });
  const olderDetail = useQuery(revision(older));
  const newerDetail = useQuery(revision(newer));

  const mayRestore = useCan()('articles.publish');
  const restore = useRestoreRevision({
    onSuccess: (_restored, target) => {
      setOlderId(null);
      setNewerId(null);
      notifications.show({ title: 'Restored', message: `The version of ${when(target.createdAt)} is now the current one.` });
    },
    onError: (error) => showAlert(serverMessage(error, 'Failed to restore this version.', ADMIN_ERROR_FIELDS)),
  });
  const askRestore = (target: ArticleRevisionSummary) => {
    const message = `Restore the version of ${when(target.createdAt)} ("${target.title}")?\n\nIts title, content, category and SEO fields become a new version; the status stays as it is.`;
    if (confirmAction(message)) restore.mutate({ articleId: article.id, revisionId: target.id, version: article.version, createdAt: target.createdAt });
  };

  return (
    <Paper withBorder p="lg" data-testid="article-history">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>History: {article.title}</Title>
          <Button variant="default" onClick={onClose}>
            Back to articles
          </Button>
        </Group>
        <ArticleGradeHistory articleId={article.id} />
        {history.isError && <Alert color="red">{serverMessage(history.error, 'Failed to load the history.', ADMIN_ERROR_FIELDS)}</Alert>}
        {history.isPending && <Text c="dimmed">Loading history…</Text>}
        {history.isSuccess && revisions.length === 0 && <Text c="dimmed">No changes have been recorded for this article yet.</Text>}
        {revisions.length > 0 && (
          <Table striped highlightOnHover data-testid="revision-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Older</Table.Th>
                <Table.Th>Newer</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revisions.map((item, index) => (
                <Table.Tr key={item.id} data-testid="revision">
                  <Table.Td>
                    <Radio aria-label={`Compare from ${when(item.createdAt)}`} name="older" checked={older === item.id} onChange={() => setOlderId(item.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Radio aria-label={`Compare to ${when(item.createdAt)}`} name="newer" checked={newer === item.id} onChange={() => setNewerId(item.id)} />
                  </Table.Td>
                  <Table.Td>{when(item.createdAt)}</Table.Td>
                  <Table.Td>{who(item.actor)}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Badge variant="light">{ACTIONS[item.action]}</Badge>
                      <Text size="sm">{whatChanged(item)}</Text>
                    </Group>
                    {item.note && (
                      <Text size="sm" fs="italic" data-testid="revision-note">
                        “{item.note}”
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {index > 0 && item.action !== 'delete' && mayRestore && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={restore.isPending && restore.variables?.revisionId === item.id}
                        onClick={() => askRestore(item)}
                      >
                        Restore this version
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {olderDetail.data && newerDetail.data && <Comparison older={olderDetail.data} newer={newerDetail.data} />}
      </Stack>
    </Paper>
  );
}
