import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { NEWSLETTER_STATUSES, type AdminNewsletterSubscriber, type NewsletterStatus } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { BulkListHeading } from '../../../lib/BulkList';
import { ADMIN_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { PagedList } from '../../../lib/PagedList';
import { SearchBox } from '../../../lib/SearchBox';
import { subscribersCsvUrl, useAddSubscriber, useSubscriberCounts, useSubscribers, useUnsubscribe, type SubscriberFilters } from '../api/newsletter-api';

export const STATUS_COLORS: Record<NewsletterStatus, string> = { pending: 'yellow', confirmed: 'teal', unsubscribed: 'gray', bounced: 'red' };

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) : '');

function filtersOf(params: URLSearchParams): SubscriberFilters {
  const status = params.get('status');
  return {
    ...(params.get('q') ? { search: params.get('q')! } : {}),
    ...((NEWSLETTER_STATUSES as readonly string[]).includes(status ?? '') ? { status: status as NewsletterStatus } : {}),
  };
}

/** An editor signs a reader up; the reader still confirms by email. */
function AddSubscriber() {
  const [email, setEmail] = useState('');
  const add = useAddSubscriber({
    onSuccess: (result) => {
      setEmail('');
      notifications.show({ title: 'Newsletter', message: result.message });
    },
    onError: (error) => showAlert(serverMessage(error, 'Failed to add the subscriber.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Add a subscriber">
      <Group gap="xs" align="flex-end">
        <TextInput
          style={{ flex: '1 1 16rem' }}
          type="email"
          label="Add a subscriber"
          description="They receive a confirmation email first."
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={add.isPending}>
          Send confirmation
        </Button>
      </Group>
    </form>
  );
}

function SubscriberRow({ subscriber }: { subscriber: AdminNewsletterSubscriber }) {
  const unsubscribe = useUnsubscribe({
    onSuccess: () => notifications.show({ title: 'Newsletter', message: `${subscriber.email} is unsubscribed.` }),
    onError: (error) => showAlert(serverMessage(error, 'Failed to unsubscribe.', ADMIN_ERROR_FIELDS)),
  });
  return (
    <Table.Tr data-testid="newsletter-subscriber">
      <Table.Td>{subscriber.email}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[subscriber.status]} variant="light">
          {subscriber.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{date(subscriber.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          from {subscriber.consentSource ?? 'unknown'}
        </Text>
      </Table.Td>
      <Table.Td>{date(subscriber.confirmedAt)}</Table.Td>
      <Table.Td>
        {subscriber.status !== 'unsubscribed' && (
          <Button
            size="xs"
            variant="default"
            loading={unsubscribe.isPending}
            onClick={() => confirmAction(`Unsubscribe ${subscriber.email}?`) && unsubscribe.mutate(subscriber.id)}
          >
            Unsubscribe
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The subscribers, newest first, page by page: search, status, counts, export, add and unsubscribe. */
export function SubscribersPanel() {
  const { searchParams, setParams } = useAdminLocation();
  const filters = filtersOf(searchParams);
  const subscribers = useSubscribers(filters);
  const counts = useSubscriberCounts();
  return (
    <Stack>
      <BulkListHeading title="Subscribers" total={subscribers.total} countTestId="newsletter-subscriber-count">
        <Anchor href={subscribersCsvUrl(filters)} download size="sm">
          Export CSV
        </Anchor>
      </BulkListHeading>
      {counts.data && (
        <Group gap="xs" aria-label="Subscribers by status">
          {NEWSLETTER_STATUSES.map((status) => (
            <Badge key={status} color={STATUS_COLORS[status]} variant="outline">
              {status}: {counts.data[status].toLocaleString('en-US')}
            </Badge>
          ))}
        </Group>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox label="Search subscribers" placeholder="Part of the address" />
        <SegmentedControl
          aria-label="Status"
          value={filters.status ?? 'all'}
          onChange={(value) => setParams({ status: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: 'All' },
            ...NEWSLETTER_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) })),
          ]}
        />
      </Group>
      <AddSubscriber />
      <PagedList list={subscribers} errorText="Failed to fetch subscribers" emptyText="No subscribers match.">
        {(items: AdminNewsletterSubscriber[]) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Signed up (UTC)</Table.Th>
                  <Table.Th>Confirmed</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((subscriber) => (
                  <SubscriberRow key={subscriber.id} subscriber={subscriber} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
    </Stack>
  );
}
