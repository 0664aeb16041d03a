import { Alert, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@ai-mind/contracts';
import { fetchTrendingSources } from '../api/trending-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where the topics come from, when they were last refreshed, and which feeds failed last time (and why). */
export function TrendingSourcesStatus() {
  const status = useQuery({ queryKey: adminKeys.trendingSources(), queryFn: fetchTrendingSources });
  if (!status.data) return null;
  const { mode, lastRefreshAt, sources } = status.data;
  const failing = sources.filter((source) => source.lastStatus === 'error');
  const origin = mode === 'snapshot' ? 'the bundled feed snapshot' : `${sources.length} news feed${sources.length === 1 ? '' : 's'}`;
  return (
    <Stack gap="xs" style={{ flex: 1 }}>
      <Text size="sm" c="dimmed" data-testid="trending-sources">
        Topics from {origin} · {lastRefreshAt ? `last refreshed ${when(lastRefreshAt)}` : 'not refreshed yet'}
      </Text>
      {failing.length > 0 && (
        <Alert color="red" variant="light" title={`${failing.length} feed${failing.length === 1 ? '' : 's'} failed on the last refresh`}>
          <List size="sm">
            {failing.map((source) => (
              <List.Item key={source.url}>
                <strong>{source.name}</strong>: {source.lastError}
                {source.lastSuccessAt ? ` (last worked ${when(source.lastSuccessAt)})` : ' (never worked)'}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
