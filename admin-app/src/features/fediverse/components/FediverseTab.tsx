import { Alert, Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { AdminFediverseSettings, FediverseDelivery, FediverseOverview, FediverseReply } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useCan } from '../../../lib/account';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import {
  useBlockFediverse,
  useFediverseOverview,
  useFediverseSettings,
  useModerateFediverseReply,
  useSaveFediverseSettings,
  useUnblockFediverse,
} from '../api/fediverse-api';
import { FediverseReader } from './FediverseReader';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_COLORS: Record<FediverseDelivery['status'], string> = { pending: 'gray', sent: 'green', retrying: 'yellow', failed: 'red' };

function Counts({ overview }: { overview: FediverseOverview }) {
  const items = [
    ['Followers', overview.followerCount],
    ['Sent', overview.deliveryCounts.sent],
    ['Retrying', overview.deliveryCounts.retrying + overview.deliveryCounts.pending],
    ['Failed', overview.deliveryCounts.failed],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {items.map(([label, value]) => (
        <Card key={label} withBorder padding="sm">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="xl" fw={700} data-testid={`fediverse-count-${label.toLowerCase()}`}>
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function ReplyRow({ reply }: { reply: FediverseReply }) {
  const moderate = useModerateFediverseReply({
    onSuccess: (answer) => notifications.show({ title: 'Reply moderated', message: answer.message }),
    onError: (error) => showAlert(serverMessage(error, 'The reply could not be moderated.', ADMIN_ERROR_FIELDS)),
  });
  return (
    <Table.Tr data-testid="fediverse-reply">
      <Table.Td>
        <Anchor href={reply.profileUrl} target="_blank" rel="noopener noreferrer nofollow">
          {reply.handle}
        </Anchor>
        <Text size="xs" c="dimmed">
          {when(reply.receivedAt)} · article {reply.articleId}
        </Text>
      </Table.Td>
      <Table.Td style={{ maxWidth: 420, overflowWrap: 'anywhere' }}>{reply.content}</Table.Td>
      <Table.Td>
        {reply.status === 'held' ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" loading={moderate.isPending} onClick={() => moderate.mutate({ id: reply.id, status: 'published' })}>
              Publish
            </Button>
            <Button size="xs" variant="default" loading={moderate.isPending} onClick={() => moderate.mutate({ id: reply.id, status: 'rejected' })}>
              Reject
            </Button>
          </Group>
        ) : (
          <Badge color={reply.status === 'published' ? 'green' : 'gray'}>{reply.status}</Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The owner's switch: a reply from the fediverse is published as a comment at once, or held for moderation (off). */
function PublishRepliesSwitch({ settings }: { settings: AdminFediverseSettings }) {
  const save = useSaveFediverseSettings({
    onSuccess: (saved) =>
      notifications.show({
        title: 'Saved',
        message: saved.publishReplies ? 'Replies from the fediverse are published as comments at once.' : 'Replies from the fediverse are held for moderation.',
      }),
    onError: (error) => showAlert(serverMessage(error, 'The setting could not be saved.', ADMIN_ERROR_FIELDS)),
  });
  const checked = save.isPending ? save.variables.publishReplies : settings.publishReplies;
  return (
    <Switch
      label="Publish fediverse replies at once"
      description="Off: each reply is held here for moderation until you publish or reject it. On: it becomes a comment as it arrives."
      name="publishReplies"
      checked={checked}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ publishReplies: event.currentTarget.checked })}
    />
  );
}

function BlockForm() {
  const [kind, setKind] = useState<'domain' | 'actor'>('domain');
  const [value, setValue] = useState('');
  const block = useBlockFediverse({
    onSuccess: (answer) => {
      setValue('');
      notifications.show({ title: 'Blocked', message: answer.message });
    },
    onError: (error) => showAlert(serverMessage(error, 'The block could not be saved.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    block.mutate({ kind, value });
  };
  return (
    <form onSubmit={submit} aria-label="Block a server or an actor">
      <Group align="end" wrap="wrap">
        <SegmentedControl
          value={kind}
          onChange={(next) => setKind(next as 'domain' | 'actor')}
          data={[
            { value: 'domain', label: 'Server' },
            { value: 'actor', label: 'Actor' },
          ]}
        />
        <TextInput
          label={kind === 'domain' ? 'Server name' : 'Actor address'}
          placeholder={kind === 'domain' ? 'spam.example' : 'https://spam.example/users/someone'}
          name="value"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" color="red" loading={block.isPending}>
          Block
        </Button>
      </Group>
    </form>
  );
}

/**
 * The social web: how many follow the site and who, what was delivered to their servers (sent, retrying,
 * failed), the replies waiting for moderation, the accounts the site follows with the posts received
 * from them (reply as the site), and the blocked servers and actors. A publisher who is not the owner
 * sees what the site follows and the received posts, and replies; the rest is the owner's.
 */
export function FediverseTab() {
  const can = useCan();
  if (!can('people.manage')) {
    return (
      <Stack gap="lg">
        <FediverseReader canFollow={false} />
      </Stack>
    );
  }
  return <OwnerView />;
}

function OwnerView() {
  const overview = useFediverseOverview();
  const settings = useFediverseSettings();
  const unblock = useUnblockFediverse({
    onError: (error) => showAlert(serverMessage(error, 'The block could not be removed.', ADMIN_ERROR_FIELDS)),
  });
  if (overview.isPending || settings.isPending) return <Loader aria-label="Loading the fediverse" />;
  if (overview.isError) return <Alert color="red">{serverMessage(overview.error, 'The fediverse overview could not be loaded.', ADMIN_ERROR_FIELDS)}</Alert>;
  const data = overview.data;
  const held = data.replies.filter((reply) => reply.status === 'held');
  return (
    <Stack gap="lg">
      <Text>
        Readers follow the site from Mastodon and other fediverse servers as{' '}
        {/* The handle names the site's host, with the port of whatever machine runs it: screenshots leave it out (e2e/support/visual.ts). */}
        <strong data-visual-varies="">{data.handle}</strong> (
        <Anchor href={data.actorUrl} target="_blank" rel="noopener noreferrer">
          actor
        </Anchor>
        ).
      </Text>
      <Counts overview={data} />

      <Stack gap="xs">
        <Title order={3}>Replies waiting for moderation ({held.length})</Title>
        {settings.isError ? (
          <Alert color="red">{serverMessage(settings.error, 'The reply setting could not be loaded.', ADMIN_ERROR_FIELDS)}</Alert>
        ) : (
          <PublishRepliesSwitch settings={settings.data} />
        )}
        {data.replies.length === 0 ? (
          <Text c="dimmed">No replies from the fediverse yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Tbody>
                {data.replies.map((reply) => (
                  <ReplyRow key={reply.id} reply={reply} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <FediverseReader canFollow />

      <Stack gap="xs">
        <Title order={3}>Followers ({data.followerCount})</Title>
        {data.followers.length === 0 ? (
          <Text c="dimmed">Nobody follows the site yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Delivered to</Table.Th>
                  <Table.Th>Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.followers.map((follower) => (
                  <Table.Tr key={follower.id} data-testid="fediverse-follower">
                    <Table.Td>
                      <Anchor href={follower.actorUrl} target="_blank" rel="noopener noreferrer nofollow">
                        {follower.handle}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{follower.sharedInboxUrl ?? follower.inboxUrl}</Table.Td>
                    <Table.Td>{when(follower.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Deliveries</Title>
        {data.deliveries.length === 0 ? (
          <Text c="dimmed">Nothing delivered yet: each published article, update or deletion is sent to every follower's server.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Article</Table.Th>
                  <Table.Th>Activity</Table.Th>
                  <Table.Th>Inbox</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Tries</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.deliveries.map((delivery) => (
                  <Table.Tr key={delivery.id} data-testid="fediverse-delivery">
                    <Table.Td>{delivery.articleId ?? 'reply'}</Table.Td>
                    <Table.Td>{delivery.activity}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.inboxUrl}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[delivery.status]} title={delivery.lastError ?? undefined}>
                        {delivery.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Blocked servers and actors</Title>
        <BlockForm />
        {data.blocks.length === 0 ? (
          <Text c="dimmed">Nothing is blocked.</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {data.blocks.map((block) => (
                <Table.Tr key={block.id} data-testid="fediverse-block">
                  <Table.Td>
                    <Badge variant="light">{block.kind === 'domain' ? 'server' : 'actor'}</Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{block.value}</Table.Td>
                  <Table.Td>
                    {when(block.createdAt)} by {block.createdBy}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" loading={unblock.isPending} onClick={() => unblock.mutate(block.id)}>
                      Unblock
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
