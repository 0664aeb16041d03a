import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { homeMeta } from '@ai-mind/contracts/web';
import { AfterFirstCommit } from '../components/AfterFirstCommit';
import { AD_SIZES, AD_SLOT_IDS, AdSlot } from '../features/ads/components/AdSlot';
import { ArticleFeed } from '../features/articles/components/ArticleFeed';
import { ChatLauncher } from '../features/chat/components/ChatLauncher';
import { useArticleList, useListStart } from '../features/articles/hooks/use-articles';
import { SidebarWidget } from '../features/layout/components/SidebarWidget';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';
import { useSiteOrigin } from '../app/server-context';
import { TrendingFeed } from '../features/trending/components/TrendingFeed';

export function HomePage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  const list = useArticleList({ search }, { from: useListStart(params) });
  const meta = homeMeta(useSiteOrigin(), search);
  // A start (?cursor=) that names nothing is no page: the server answers it as not found.
  usePageMeta(list.missing ? null : meta);

  return (
    <Grid gap="lg">
      <Grid.Col span="content" visibleFrom="xl">
        <Box pos="sticky" top={80}>
          <AdSlot slotId={AD_SLOT_IDS.sidebarLeft} size={AD_SIZES.sidebar} data-placement="sidebar-left" />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 'auto' }} miw={0}>
        <Stack gap="lg">
          <Box hiddenFrom="md">
            <AdSlot slotId={AD_SLOT_IDS.mobile} size={AD_SIZES.mobile} data-placement="mobile" />
          </Box>
          {search ? (
            <div>
              <Title order={1}>Search results for &ldquo;{search}&rdquo;</Title>
              <Text c="gray.7">Best matches first, across titles, articles and the AI&apos;s commentary.</Text>
            </div>
          ) : (
            <div>
              <Title order={1}>The AI Mind</Title>
              <Text c="gray.7">AI-written analysis and commentary on business, politics, culture, technology and economics.</Text>
            </div>
          )}
          <ArticleFeed
            articles={list.articles}
            isLoading={list.isLoading}
            error={list.error}
            emptyText={search ? `No articles match "${search}". Try fewer or different words.` : 'No articles found.'}
            withAds
            hasMore={list.hasNextPage}
            isLoadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            moreHref={list.nextHref}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        {/* The column keeps its width from the first commit, so the feed beside it never reflows. */}
        <AfterFirstCommit>
          <Stack gap="lg">
            <SidebarWidget />
            <TrendingFeed />
          </Stack>
        </AfterFirstCommit>
      </Grid.Col>
      <Grid.Col span="content" visibleFrom="xl">
        <Box pos="sticky" top={80}>
          <AdSlot slotId={AD_SLOT_IDS.sidebarRight} size={AD_SIZES.sidebar} data-placement="sidebar-right" />
        </Box>
      </Grid.Col>
      <ChatLauncher />
    </Grid>
  );
}
