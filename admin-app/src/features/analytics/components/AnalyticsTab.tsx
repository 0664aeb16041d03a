import '@mantine/charts/styles.layer.css';
import { AreaChart, BarsList, LineChart } from '@mantine/charts';
import { Alert, Anchor, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AnalyticsRangeQuery, AnalyticsTop } from '@ai-mind/contracts';
import { useAdminLocation } from '../../../lib/admin-routes';
import { publicArticleUrl } from '../../../lib/public-site';
import { rangeOf } from '../analytics-range';
import { useAnalyticsChart } from '../api/analytics-api';
import { ChartCard } from './ChartCard';
import { count, countryName, periodLabel, viewsText } from './chart-labels';
import { RangeControls } from './RangeControls';

export const ANALYTICS_COPY = {
  scope: 'Page views of readers who allowed analytics. Days are UTC days (Coordinated Universal Time).',
  badRange: (problem: string) => `That range cannot be shown (${problem}); showing the last 30 days.`,
  noSubscribers: 'Nobody on the list yet.',
  noFollows: 'Nobody follows a story or a category yet.',
};

/** Charts draw at once: an editor reads figures, and a screenshot shows the same picture every time. */
const STILL = { isAnimationActive: false };

function ViewsOverTime({ range }: { range: AnalyticsRangeQuery }) {
  const query = useAnalyticsChart('views', range);
  return (
    <ChartCard title="Page views" figure={(data) => `${viewsText(data.total)} in the range`} query={query} isEmpty={(data) => data.total === 0}>
      {(data) => (
        <AreaChart
          h={260}
          data={data.points.map((point) => ({ period: periodLabel(point.period), views: point.value }))}
          dataKey="period"
          series={[{ name: 'views', label: range.interval === 'week' ? 'Views per week' : 'Views per day', color: 'indigo.6' }]}
          curveType="linear"
          valueFormatter={count}
          areaProps={STILL}
          withDots={data.points.length <= 31}
        />
      )}
    </ChartCard>
  );
}

function TopList({
  title,
  name,
  range,
  label = (key) => key,
}: {
  title: string;
  name: 'categories' | 'sources' | 'countries';
  range: AnalyticsRangeQuery;
  label?: (key: string) => string;
}) {
  const query = useAnalyticsChart(name, range);
  return (
    <ChartCard title={title} figure={(data: AnalyticsTop) => viewsText(data.total)} query={query} isEmpty={(data) => data.entries.length === 0}>
      {(data) => (
        <BarsList
          data={data.entries.map((entry) => ({ name: label(entry.key), value: entry.views }))}
          valueFormatter={count}
          barsLabel={title}
          valueLabel="Views"
          // A name longer than its bar runs on past it, on one line.
          styles={{ barLabel: { whiteSpace: 'nowrap' } }}
        />
      )}
    </ChartCard>
  );
}

function TopArticles({ range }: { range: AnalyticsRangeQuery }) {
  const query = useAnalyticsChart('articles', range);
  return (
    <ChartCard title="Top articles" query={query} isEmpty={(data) => data.articles.length === 0}>
      {(data) => (
        <Table verticalSpacing={6} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Article</Table.Th>
              <Table.Th w={88} ta="right">
                Views
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.articles.map((article) => (
              <Table.Tr key={article.id}>
                <Table.Td>
                  <Anchor href={publicArticleUrl(article.slug)} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={2}>
                    {article.title}
                  </Anchor>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={(100 * article.views) / data.articles[0]!.views} size="sm" style={{ flex: 1 }} aria-hidden />
                    <Text size="xs" c="dimmed" w={130} truncate>
                      {article.category}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fw={600} fz="sm">
                  {count(article.views)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}

function NewsletterGrowth({ range }: { range: AnalyticsRangeQuery }) {
  const query = useAnalyticsChart('newsletter', range);
  const joined = (points: { joined: number }[]) => points.reduce((sum, point) => sum + point.joined, 0);
  return (
    <ChartCard
      title="Newsletter subscribers"
      figure={(data) => `${count(data.points.at(-1)?.value ?? data.before)} on the list, ${count(joined(data.points))} joined in the range`}
      query={query}
      isEmpty={(data) => (data.points.at(-1)?.value ?? 0) === 0}
      emptyText={ANALYTICS_COPY.noSubscribers}
    >
      {(data) => (
        <LineChart
          h={220}
          data={data.points.map((point) => ({ period: periodLabel(point.period), subscribers: point.value, joined: point.joined }))}
          dataKey="period"
          series={[
            { name: 'subscribers', label: 'On the list', color: 'teal.6' },
            { name: 'joined', label: range.interval === 'week' ? 'Joined that week' : 'Joined that day', color: 'gray.5' },
          ]}
          curveType="linear"
          valueFormatter={count}
          lineProps={STILL}
          withLegend
          withDots={data.points.length <= 31}
        />
      )}
    </ChartCard>
  );
}

/** Readers following stories and categories: new follows by channel, how many follow now, what was sent, retried and dropped. */
function FollowsSection({ range }: { range: AnalyticsRangeQuery }) {
  const query = useAnalyticsChart('follows', range);
  return (
    <ChartCard
      title="Follows and sends"
      figure={(data) => `${count(data.active.email + data.active.push)} following now`}
      query={query}
      isEmpty={(data) =>
        data.active.email + data.active.push + data.follows.email + data.follows.push + data.sends.email + data.sends.push + data.dropped === 0
      }
      emptyText={ANALYTICS_COPY.noFollows}
    >
      {(data) => (
        <Table withRowBorders={false} verticalSpacing={4} aria-label="Follows by channel">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">Email</Table.Th>
              <Table.Th ta="right">Web Push</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>New follows in the range</Table.Td>
              <Table.Td ta="right">{count(data.follows.email)}</Table.Td>
              <Table.Td ta="right">{count(data.follows.push)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Following now</Table.Td>
              <Table.Td ta="right">{count(data.active.email)}</Table.Td>
              <Table.Td ta="right">{count(data.active.push)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Messages sent in the range</Table.Td>
              <Table.Td ta="right">{count(data.sends.email)}</Table.Td>
              <Table.Td ta="right">{count(data.sends.push)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Retried (failed at least once)</Table.Td>
              <Table.Td ta="right" colSpan={2}>
                {count(data.retried)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Dropped after their last attempt</Table.Td>
              <Table.Td ta="right" colSpan={2}>
                {count(data.dropped)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </ChartCard>
  );
}

/** The Analytics tab: consented page views over time, what was read, where readers came from, and the newsletter's growth, over a date range. */
export function AnalyticsTab() {
  const { searchParams, setParams } = useAdminLocation();
  const { range, problem } = rangeOf(searchParams);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Analytics</Title>
          <Text size="sm" c="dimmed">
            {ANALYTICS_COPY.scope}
          </Text>
        </div>
        <RangeControls range={range} onChange={setParams} />
      </Group>
      {problem && <Alert color="yellow">{ANALYTICS_COPY.badRange(problem)}</Alert>}
      <ViewsOverTime range={range} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TopArticles range={range} />
        <TopList title="Top categories" name="categories" range={range} />
        <TopList title="Traffic sources" name="sources" range={range} />
        <TopList title="Countries" name="countries" range={range} label={countryName} />
      </SimpleGrid>
      <NewsletterGrowth range={range} />
      <FollowsSection range={range} />
    </Stack>
  );
}
