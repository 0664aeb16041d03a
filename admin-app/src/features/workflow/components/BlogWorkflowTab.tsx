import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { excerpt, formatShortDate, type ApprovedTopic } from '@ai-mind/contracts';
import { QueryList } from '../../../lib/QueryList';
import { MESSAGES } from '../../../lib/messages';
import { publicArticleUrl } from '../../../lib/public-site';
import { useApprovedTopics } from '../api/workflow-api';

/** 'blog_received' -> 'blog received' */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

/** The topic's stage as the editor knows it: once its blog is published, that is what matters. */
const stage = (topic: ApprovedTopic) => (topic.blog?.approved ? 'published' : statusLabel(topic.status));

export function BlogWorkflowTab() {
  const topics = useApprovedTopics();
  return (
    <QueryList query={topics} errorText={MESSAGES.fetchApprovedFailed} emptyText={MESSAGES.noApprovedTopics}>
      {(items) => (
        <Stack>
          {topics.data?.total !== undefined && topics.data.total > items.length && (
            <Text size="sm" c="dimmed" data-testid="approved-topics-shown">
              The newest {items.length} of {topics.data.total.toLocaleString('en-US')} approved topics.
            </Text>
          )}
          {items.map((topic) => (
            <Card key={topic.id} withBorder padding="md">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Text fw={600}>{topic.topic}</Text>
                  <Text size="xs" c="dimmed">
                    {topic.category} · approved {formatShortDate(topic.approvedAt)}
                  </Text>
                </Stack>
                <Badge variant="light" color={topic.blog?.approved ? 'green' : undefined}>
                  {stage(topic)}
                </Badge>
              </Group>
              {topic.blog ? (
                <Stack gap={4} mt="sm">
                  <Title order={4}>{topic.blog.title}</Title>
                  <Text size="sm">{excerpt(topic.blog.content)}</Text>
                  {topic.blog.approved && (
                    <Anchor href={publicArticleUrl(topic.blog.slug)} target="_blank" rel="noopener noreferrer" size="sm">
                      Read it on the site
                    </Anchor>
                  )}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" mt="sm">
                  {MESSAGES.sentToAutomation}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </QueryList>
  );
}
