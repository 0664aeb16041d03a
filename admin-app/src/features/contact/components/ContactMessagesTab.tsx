import { Anchor, Badge, Button, Card, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminContactSubmission } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { BulkListHeading, useSelection } from '../../../lib/BulkList';
import { ADMIN_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { PagedList } from '../../../lib/PagedList';
import { SearchBox } from '../../../lib/SearchBox';
import { useContactMessages, useDeleteMessages, useMarkHandled, type ContactFilters } from '../api/contact-api';

export const CONTACT_MESSAGES = {
  deleteConfirm: (count: number) => `Delete ${count === 1 ? 'this message' : `these ${count} messages`} permanently?`,
  deleteFailed: 'Failed to delete messages.',
  handledFailed: 'Failed to mark messages as handled.',
};

function filtersOf(params: URLSearchParams): ContactFilters {
  const handled = params.get('handled');
  return { ...(params.get('q') ? { search: params.get('q')! } : {}), ...(handled === 'true' || handled === 'false' ? { handled } : {}) };
}

/** Contact messages, newest first, page by page: search, mark handled, delete one or many. */
export function ContactMessagesTab() {
  const { searchParams, setParams } = useAdminLocation();
  const filters = filtersOf(searchParams);
  const messages = useContactMessages(filters);
  const { selected, ids, toggle, clear } = useSelection();
  const done = (result: { message: string }) => {
    clear();
    notifications.show({ title: 'Contact messages', message: result.message });
  };
  const handled = useMarkHandled({ onSuccess: done, onError: (error) => showAlert(serverMessage(error, CONTACT_MESSAGES.handledFailed, ADMIN_ERROR_FIELDS)) });
  const remove = useDeleteMessages({ onSuccess: done, onError: (error) => showAlert(serverMessage(error, CONTACT_MESSAGES.deleteFailed, ADMIN_ERROR_FIELDS)) });
  const askDelete = (ids: number[]) => confirmAction(CONTACT_MESSAGES.deleteConfirm(ids.length)) && remove.mutate(ids);

  return (
    <Stack>
      <BulkListHeading title="Contact Messages" total={messages.total} countTestId="contact-count">
        <Button
          size="sm"
          variant="light"
          disabled={selected.size === 0}
          loading={handled.isPending}
          onClick={() => handled.mutate({ ids: ids(), handled: true })}
        >
          Mark selected handled ({selected.size})
        </Button>
        <Button size="sm" variant="light" color="red" disabled={selected.size === 0} loading={remove.isPending} onClick={() => askDelete(ids())}>
          Delete selected ({selected.size})
        </Button>
      </BulkListHeading>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox label="Search messages" placeholder="Name, address, subject or text" />
        <SegmentedControl
          aria-label="Handled"
          value={filters.handled ?? 'all'}
          onChange={(value) => setParams({ handled: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'false', label: 'Open' },
            { value: 'true', label: 'Handled' },
          ]}
        />
      </Group>
      <PagedList list={messages} errorText={MESSAGES.fetchContactFailed} emptyText={MESSAGES.noContactMessages}>
        {(items: AdminContactSubmission[]) =>
          items.map((submission) => (
            <Card key={submission.id} withBorder padding="md" data-testid="contact-message">
              <Group align="flex-start" wrap="nowrap">
                <Checkbox
                  aria-label={`Select the message from ${submission.name}`}
                  checked={selected.has(submission.id)}
                  onChange={(event) => toggle(submission.id, event.currentTarget.checked)}
                />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between">
                    <Group gap="xs">
                      <Text fw={600}>{submission.subject}</Text>
                      {submission.handled && <Badge color="green">Handled</Badge>}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {new Date(submission.submittedAt).toLocaleString('en-US')}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {submission.name} · <Anchor href={`mailto:${submission.email}`}>{submission.email}</Anchor>
                  </Text>
                  <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                    {submission.message}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => handled.mutate({ ids: [submission.id], handled: !submission.handled })}>
                    {submission.handled ? 'Reopen' : 'Handled'}
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => askDelete([submission.id])}>
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
