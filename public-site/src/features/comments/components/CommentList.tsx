import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { COMMENT_MESSAGES, formatShortDate, type Comment } from '@ai-mind/contracts/web';

/**
 * Comments are plain text: rendered as React text (never HTML), so a pasted link is just characters
 * and nothing is followed by crawlers. The one link is a fediverse author's profile, which the server
 * keeps only as an http(s) address.
 */
function CommentItem({ comment }: { comment: Comment }) {
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="comment" style={{ listStyle: 'none' }}>
      <Group gap="sm" mb={6} wrap="nowrap">
        <Avatar size="sm" radius="xl" color="indigo" aria-hidden="true">
          {/* A fediverse handle's initial is its name's, not its @. */}
          {comment.authorName.trim().replace(/^@/, '').charAt(0).toUpperCase()}
        </Avatar>
        {comment.authorUrl ? (
          // A reply from the fediverse: its author's handle, linking their profile (a link they chose, so not followed for ranking).
          <Anchor href={comment.authorUrl} fw={600} size="sm" rel="nofollow ugc noopener noreferrer" data-testid="comment-author-link">
            {comment.authorName}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {comment.authorName}
          </Text>
        )}
        <Text size="xs" c="gray.7" component="time" dateTime={comment.createdAt}>
          {formatShortDate(comment.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.content}
      </Text>
      {comment.aiResponse ? (
        <Paper bg="indigo.0" p="sm" radius="sm" mt="sm" data-testid="ai-response">
          <Text size="xs" fw={700} c="indigo.8" mb={4}>
            The AI Mind replies
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.aiResponse}
          </Text>
        </Paper>
      ) : (
        <Text size="xs" c="gray.7" mt="sm" fs="italic" data-testid="ai-response-pending">
          The AI is thinking about a reply…
        </Text>
      )}
    </Paper>
  );
}

export function CommentList({ comments }: { comments: Comment[] }) {
  if (comments.length === 0) {
    return (
      <Text c="gray.7" size="sm">
        {COMMENT_MESSAGES.empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Comments">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
    </Stack>
  );
}
