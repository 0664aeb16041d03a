import type { ReactNode } from 'react';
import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

export const CHART_MESSAGES = {
  failed: (title: string, message: string) => `Could not load ${title.toLowerCase()}: ${message}`,
  empty: 'No page views in this range.',
};

interface ChartCardProps<T> {
  title: string;
  /** A figure next to the title (the range's total), once the data is in. */
  figure?: (data: T) => ReactNode;
  query: UseQueryResult<T>;
  /** The data has nothing to draw. */
  isEmpty: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** One chart of the Analytics tab in its card: a loader, the server's refusal, an empty range, or the chart. */
export function ChartCard<T>({ title, figure, query, isEmpty, emptyText = CHART_MESSAGES.empty, children }: ChartCardProps<T>) {
  const { data } = query;
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4">
            {title}
          </Title>
          {data !== undefined && figure && (
            <Text size="sm" c="dimmed">
              {figure(data)}
            </Text>
          )}
        </Group>
        {query.isPending ? (
          <Center h={120}>
            <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
          </Center>
        ) : query.isError ? (
          <Alert color="red">{CHART_MESSAGES.failed(title, query.error.message)}</Alert>
        ) : isEmpty(data as T) ? (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        ) : (
          children(data as T)
        )}
      </Stack>
    </Card>
  );
}
