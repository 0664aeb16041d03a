import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SOURCE_CHANGE_STATUSES, formatShortDate, type SourceChange, type SourceChangeKind, type SourceChangeStatus } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useCheckSourcesNow, useCloseSourceChange, useSourceChanges } from '../api/source-changes-api';

const KIND_LABELS: Record<SourceChangeKind, string> = { changed: 'Changed', rewritten: 'Rewritten', gone: 'Gone' };
const KIND_COLOURS: Record<SourceChangeKind, string> = { changed: 'yellow', rewritten: 'orange', gone: 'red' };
const STATUS_LABELS: Record<SourceChangeStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

/** What the watch found, in a sentence an editor can act on. */
function finding(item: SourceChange): string {
  if (item.kind === 'gone') return `The page answers HTTP ${item.httpStatus}: the outlet took it down${item.httpStatus === 410 ? ' for good' : ''}.`;
  const share = Math.max(1, Math.round((item.changedShare ?? 0) * 100));
  return item.kind === 'rewritten'
    ? `About ${share}% of its words differ from the text the article was written from: the outlet rewrote it.`
    : `About ${share}% of its words differ from the text the article was written from.`;
}

/** One item: the source, what happened to it, the article and the claims of its body that cite the source. */
function SourceChangeCard({ item }: { item: SourceChange }) {
  const { go, pathOf } = useAdminLocation();
  const close = useCloseSourceChange({ onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)) });
  const articlePath = `articles/${item.article.id}`;
  return (
    <Paper withBorder p="sm" data-testid="source-change" data-kind={item.kind} data-status={item.status}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={KIND_COLOURS[item.kind]} variant="light">
            {KIND_LABELS[item.kind]}
          </Badge>
          <Text size="xs" c="dimmed">
            Found {formatShortDate(item.detectedAt)}
            {item.resolvedBy && item.resolvedAt ? ` · ${item.status} by ${item.resolvedBy} on ${formatShortDate(item.resolvedAt)}` : ''}
          </Text>
        </Group>
        <Text size="sm">
          Source [{item.source.number}], {item.source.outlet}:{' '}
          <Anchor href={item.source.link} target="_blank" rel="noopener noreferrer nofollow" style={{ overflowWrap: 'anywhere' }}>
            {item.source.title}
          </Anchor>
        </Text>
        <Text size="sm">{finding(item)}</Text>
        <Text size="sm">
          Cited by{' '}
          <Anchor
            href={pathOf(articlePath)}
            onClick={(event) => {
              event.preventDefault();
              go(articlePath);
            }}
            data-testid="source-change-article"
          >
            {item.article.title}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            (open it to issue a correction or an update in its public record)
          </Text>
        </Text>
        <Stack gap={4} data-testid="source-change-claims">
          <Text size="xs" c="dimmed" fw={600}>
            {item.claims.length === 0
              ? 'No claim of the article cites this source now.'
              : `${item.claims.length} claim${item.claims.length === 1 ? '' : 's'} of the article cite${item.claims.length === 1 ? 's' : ''} it`}
          </Text>
          {item.claims.map((claim) => (
            <SimpleGrid key={claim.id} cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={2} data-testid="source-change-claim">
              <Text size="sm">{claim.sentence}</Text>
              {claim.passage && (
                <Text size="sm" fs="italic" c="dimmed">
                  “{claim.passage}”
                </Text>
              )}
            </SimpleGrid>
          ))}
        </Stack>
        {item.status === 'open' && (
          <Group gap="xs">
            <Button size="xs" variant="light" color="green" loading={close.isPending} onClick={() => close.mutate({ id: item.id, status: 'resolved' })}>
              Resolved
            </Button>
            <Button size="xs" variant="default" loading={close.isPending} onClick={() => close.mutate({ id: item.id, status: 'dismissed' })}>
              Dismiss
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The "Source changes" queue: sources of recently published articles that changed, were rewritten or
 * are gone since the articles were written from them (docs/source-watch.md), beside the claims that
 * cite them, so an editor can correct or update the article, then resolve the item.
 */
export function SourceChangesTab() {
  const { searchParams, setParams } = useAdminLocation();
  const requested = searchParams.get('status');
  const status: SourceChangeStatus = (SOURCE_CHANGE_STATUSES as readonly string[]).includes(requested ?? '') ? (requested as SourceChangeStatus) : 'open';
  const changes = useSourceChanges(status);
  const check = useCheckSourcesNow({
    onSuccess: (run) =>
      notifications.show({
        title: 'Sources checked',
        message:
          `${run.checked} read: ${run.changed} changed, ${run.rewritten} rewritten, ${run.gone} gone, ${run.unchanged} unchanged` +
          `${run.baselined ? `, ${run.baselined} read for the first time` : ''}${run.failed ? `, ${run.failed} not reachable` : ''}.`,
      }),
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={3}>Source changes</Title>
          <Text size="sm" c="dimmed" maw={720}>
            The sources of recently published articles are read again on a schedule. A source that changed, was rewritten or was taken down since an article was
            written from it shows here with the claims that cite it.
          </Text>
        </div>
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate(undefined)}>
          Check sources now
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Which items"
        value={status}
        onChange={(value) => setParams({ status: value === 'open' ? null : value })}
        data={SOURCE_CHANGE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {changes.isLoading && <Loader aria-label="Loading source changes" />}
      {changes.isError && <Alert color="red">Could not load the source changes: {changes.error.message}</Alert>}
      {changes.data?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="source-changes-empty">
          {status === 'open' ? 'No open source changes: every watched source reads as the articles cite it.' : `No ${status} source changes.`}
        </Text>
      )}
      {changes.data?.map((item) => (
        <SourceChangeCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}
