import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TRENDING_FLAME_COUNT, type TrendingItem } from '@ai-mind/contracts/web';
import { FlameIcon } from '../../../components/icons';
import { useTrending } from '../hooks/use-trending';

/** docs/product.md#pages: the Browse by Category list under the trending feed. */
export const BROWSE_CATEGORIES = ['Politics', 'Technology', 'Culture', 'Economics', 'Global Events'];

export function categoryHref(category: string): string {
  return `/category/${encodeURIComponent(category)}`;
}

let readerNumbers: Intl.NumberFormat | undefined;

/**
 * 'N discussions', with N formatted for the reader's locale: one formatter for every row, since
 * toLocaleString makes a new one per call, the costliest part of rendering the feed.
 */
export function discussionsLabel(mentions: number, locale?: string): string {
  const format = locale ? new Intl.NumberFormat(locale) : (readerNumbers ??= new Intl.NumberFormat());
  return `${format.format(mentions)} discussions`;
}

function TrendingRow({ item, rank }: { item: TrendingItem; rank: number }) {
  const hot = rank < TRENDING_FLAME_COUNT;
  return (
    <Anchor component={Link} to={categoryHref(item.category)} underline="never" c="dark" data-testid="trending-item">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} c="gray.7" w={20} ta="right" aria-hidden="true">
          {rank + 1}
        </Text>
        <Stack gap={0} style={{ flex: 1 }}>
          <Group gap={4} wrap="nowrap">
            {hot && (
              <Text span c="orange.9" lh={0} data-testid="trending-flame" aria-label="Hot topic" role="img">
                <FlameIcon size={16} />
              </Text>
            )}
            <Text size="sm" fw={600}>
              {item.topic}
            </Text>
          </Group>
          <Text size="xs" c="gray.7">
            {item.category} · {discussionsLabel(item.mentions)}
          </Text>
        </Stack>
      </Group>
    </Anchor>
  );
}

export function TrendingFeed() {
  const { data, isLoading, error } = useTrending();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trending-title">
      <Title order={2} size="h4" id="trending-title" mb="sm">
        Trending Now
      </Title>
      {isLoading && <Skeleton h={160} />}
      {error && (
        <Text size="sm" c="gray.7">
          Trending topics are unavailable right now.
        </Text>
      )}
      {data && data.length === 0 && (
        <Text size="sm" c="gray.7">
          Nothing is trending yet.
        </Text>
      )}
      {data && data.length > 0 && (
        <Stack gap="sm">
          {data.map((item, rank) => (
            <TrendingRow key={item.id} item={item} rank={rank} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5" mt="lg" mb="xs">
        Browse by Category
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {BROWSE_CATEGORIES.map((category) => (
          <li key={category}>
            <Anchor component={Link} to={categoryHref(category)} size="sm">
              {category}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
