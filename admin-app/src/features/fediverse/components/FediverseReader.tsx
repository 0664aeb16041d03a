import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { FEDIVERSE_SENT_REPLY_MAX, type FediverseReceivedPost } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useDeleteFediverseReply, useFediverseReader, useFollowFediverse, useReplyToFediversePost, useUnfollowFediverse } from '../api/fediverse-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function FollowForm() {
  const [handle, setHandle] = useState('');
  const follow = useFollowFediverse({
    onSuccess: (answer) => {
      setHandle('');
      notifications.show({ title: 'Follow sent', message: answer.message });
    },
    onError: (error) => showAlert(serverMessage(error, 'The account could not be followed.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    follow.mutate(handle);
  };
  return (
    <form onSubmit={submit} aria-label="Follow an account">
      <Group align="end" wrap="wrap">
        <TextInput
          label="Account"
          placeholder="@name@mastodon.example"
          name="handle"
          value={handle}
          onChange={(event) => setHandle(event.currentTarget.value)}
          required
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" loading={follow.isPending}>
          Follow
        </Button>
      </Group>
    </form>
  );
}

function ReplyForm({ postId }: { postId: number }) {
  const [content, setContent] = useState('');
  const reply = useReplyToFediversePost({
    onSuccess: (answer) => {
      setContent('');
      notifications.show({ title: 'Reply sent', message: answer.message });
    },
    onError: (error) => showAlert(serverMessage(error, 'The reply could not be sent.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reply.mutate({ postId, content });
  };
  return (
    <form onSubmit={submit} aria-label="Reply as the site">
      <Stack gap="xs">
        <Textarea
          label="Reply as the site"
          name="content"
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          maxLength={FEDIVERSE_SENT_REPLY_MAX}
          autosize
          minRows={2}
          required
        />
        <Group>
          <Button type="submit" size="xs" loading={reply.isPending}>
            Reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReceivedPost({ post }: { post: FediverseReceivedPost }) {
  const remove = useDeleteFediverseReply({
    onSuccess: (answer) => notifications.show({ title: 'Reply deleted', message: answer.message }),
    onError: (error) => showAlert(serverMessage(error, 'The reply could not be deleted.', ADMIN_ERROR_FIELDS)),
  });
  return (
    <Card withBorder padding="sm" data-testid="fediverse-post">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          <Anchor href={post.authorUrl} target="_blank" rel="noopener noreferrer nofollow">
            {post.authorHandle}
          </Anchor>{' '}
          · {when(post.publishedAt)}
          {post.updatedAt ? ' · edited' : ''}
          {post.url ? (
            <>
              {' '}
              ·{' '}
              <Anchor href={post.url} target="_blank" rel="noopener noreferrer nofollow">
                open
              </Anchor>
            </>
          ) : null}
        </Text>
        {post.name ? <Text fw={600}>{post.name}</Text> : null}
        <Text style={{ overflowWrap: 'anywhere' }}>{post.content}</Text>
        {post.replies.map((reply) => (
          <Group key={reply.id} gap="xs" wrap="nowrap" data-testid="fediverse-sent-reply" align="start">
            <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }} td={reply.deletedAt ? 'line-through' : undefined}>
              {reply.content}{' '}
              <Text span size="xs" c="dimmed">
                by {reply.createdBy}, {when(reply.createdAt)}
              </Text>
            </Text>
            {reply.delivery ? <Badge variant="light">{reply.deletedAt ? `deleted · ${reply.delivery}` : reply.delivery}</Badge> : null}
            {reply.deletedAt ? null : (
              <Button size="xs" variant="default" color="red" loading={remove.isPending} onClick={() => remove.mutate(reply.id)}>
                Delete reply
              </Button>
            )}
          </Group>
        ))}
        <ReplyForm postId={post.id} />
      </Stack>
    </Card>
  );
}

/**
 * The accounts the site follows (followed by handle, pending until their server accepts) and the posts
 * received from them, each with the site's replies and a form to reply as the site. Following and
 * unfollowing are the owner's (`canFollow`).
 */
export function FediverseReader({ canFollow }: { canFollow: boolean }) {
  const reader = useFediverseReader();
  const unfollow = useUnfollowFediverse({
    onError: (error) => showAlert(serverMessage(error, 'The account could not be unfollowed.', ADMIN_ERROR_FIELDS)),
  });
  if (reader.isPending) return <Loader aria-label="Loading the accounts the site follows" />;
  if (reader.isError) return <Alert color="red">{serverMessage(reader.error, 'What the site follows could not be loaded.', ADMIN_ERROR_FIELDS)}</Alert>;
  const { following, posts } = reader.data;
  return (
    <>
      <Stack gap="xs">
        <Title order={3}>Following ({following.length})</Title>
        {canFollow ? <FollowForm /> : null}
        {following.length === 0 ? (
          <Text c="dimmed">The site follows nobody yet.</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {following.map((account) => (
                <Table.Tr key={account.id} data-testid="fediverse-following">
                  <Table.Td>
                    <Anchor href={account.actorUrl} target="_blank" rel="noopener noreferrer nofollow">
                      {account.handle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={account.status === 'accepted' ? 'green' : 'gray'}>{account.status}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {when(account.createdAt)} by {account.createdBy}
                  </Table.Td>
                  {canFollow ? (
                    <Table.Td>
                      <Button size="xs" variant="default" loading={unfollow.isPending} onClick={() => unfollow.mutate(account.id)}>
                        Unfollow
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Received posts</Title>
        {posts.length === 0 ? (
          <Text c="dimmed">No posts from the accounts the site follows yet.</Text>
        ) : (
          posts.map((post) => <ReceivedPost key={post.id} post={post} />)
        )}
      </Stack>
    </>
  );
}
