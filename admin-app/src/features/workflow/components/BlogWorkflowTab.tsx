import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminKeys, excerpt, formatShortDate } from '@ai-mind/contracts';
import { QueryList } from '../../../lib/QueryList';
import { MESSAGES } from '../../../lib/messages';
import { fetchApprovedTopics } from '../api/workflow-api';

/** 'blog_received' -> 'blog received' */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

export function BlogWorkflowTab() {
  const topics = useQuery({ queryKey: adminKeys.approvedTopics(), queryFn: fetchApprovedTopics });
  return (
    <QueryList query={topics} errorText={MESSAGES.fetchApprovedFailed} emptyText={MESSAGES.noApprovedTopics}>
      {(items) => (
        <Stack>
          {items.map((topic) => (
            <Card key={topic.id} withBorder padding="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={4}>
                  <Text fw={600}>{topic.topic}</Text>
                  <Text size="xs" c="dimmed">
                    {topic.category} · approved {formatShortDate(topic.approvedAt)}
                  </Text>
                </Stack>
                <Badge variant="light">{statusLabel(topic.status)}</Badge>
              </Group>
              {topic.blog ? (
                <Stack gap={4} mt="sm">
                  <Title order={4}>{topic.blog.title}</Title>
                  <Text size="sm">{excerpt(topic.blog.content)}</Text>
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
