import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminKeys, categoryBadgeColor } from '@ai-mind/contracts';
import { QueryList } from '../../../lib/QueryList';
import { showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { fetchTrendingTopics, useDeclineTopic, useRefreshTrendingTopics } from '../api/trending-api';
import { useTrendingMix } from '../../outlets/api/outlets-api';
import { ApproveTopicControl } from '../../outlets/components/ApproveTopicControl';
import { OutletMixSummary } from '../../outlets/components/OutletMixSummary';
import { useCan } from '../../../lib/account';
import { TrendingSourcesStatus } from './TrendingSourcesStatus';

export function TrendingTopicsTab() {
  const topics = useQuery({ queryKey: adminKeys.trendingTopics(), queryFn: () => fetchTrendingTopics() });
  const refresh = useRefreshTrendingTopics({ onError: (error) => showAlert(`${MESSAGES.fetchTrendingFailed}: ${error.message}`) });
  const mixes = useTrendingMix();
  const mixOf = (topicId: number) => mixes.data?.topics.find((entry) => entry.topicId === topicId)?.mix;
  const required = mixes.data?.minIndependentOutlets ?? 0;
  const decline = useDeclineTopic({ onError: () => showAlert(MESSAGES.declineTopicFailed) });
  const manages = useCan()('trending.manage');

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <TrendingSourcesStatus />
        {manages && (
          <Button variant="light" loading={refresh.isPending} onClick={() => refresh.mutate()}>
            Refresh Topics
          </Button>
        )}
      </Group>
      <QueryList query={topics} errorText={MESSAGES.fetchTrendingFailed} emptyText={MESSAGES.noTrendingTopics}>
        {(items) =>
          items.map((topic) => (
            <Card key={topic.id} withBorder padding="md" data-testid="trending-topic">
              <Group justify="space-between" wrap="wrap" align="flex-start">
                <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Text fw={600}>{topic.topic}</Text>
                  <Group gap="xs">
                    <Badge color={categoryBadgeColor(topic.category)} variant="light">
                      {topic.category}
                    </Badge>
                    {topic.priority === 'high' && <Badge color="red">High priority</Badge>}
                    <Text size="xs" c="dimmed">
                      {topic.source} · {MESSAGES.mentions(topic.mentions)} · {topic.trend}
                    </Text>
                  </Group>
                  {mixOf(topic.id) && <OutletMixSummary mix={mixOf(topic.id)!} required={required} />}
                </Stack>
                {manages && (
                  <Group gap="xs" wrap="wrap">
                    <ApproveTopicControl topic={topic} belowSetting={(mixOf(topic.id)?.independentOutlets ?? required) < required} />
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={decline.isPending && decline.variables?.id === topic.id}
                      onClick={() => decline.mutate(topic)}
                    >
                      Decline
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))
        }
      </QueryList>
    </Stack>
  );
}
