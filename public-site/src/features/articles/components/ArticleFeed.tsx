import { Alert, Box, Button, Center, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, Suspense, type MouseEvent } from 'react';
import type { ArticleSummary } from '@ai-mind/contracts/web';
import { AD_SIZES, AD_SLOT_IDS, AdSlot } from '../../ads/components/AdSlot';
import { HydrateWhenIdle } from '../../../components/HydrateWhenIdle';
import { ArticleCard } from './ArticleCard';
import './article-grid.css';

/** Cards hydrated with the page; the rest once the browser is idle (HydrateWhenIdle). */
export const HYDRATE_FIRST = 2;

/** docs/product.md#pages: on the home page an ad slot follows every third article. */
export const AD_EVERY = 3;

interface ArticleFeedProps {
  articles: ArticleSummary[] | undefined;
  isLoading: boolean;
  error: Error | null;
  emptyText: string;
  withAds?: boolean;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** The next page's address: the button is a link a reader without JavaScript follows. */
  moreHref?: string;
}

export function ArticleSkeletons({ count = 6 }: { count?: number }) {
  return (
    <Box className="article-grid" data-testid="article-skeletons" aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap="xs">
          <Skeleton h={200} radius="md" />
          <Skeleton h={14} w="40%" />
          <Skeleton h={22} />
          <Skeleton h={60} />
        </Stack>
      ))}
    </Box>
  );
}

export function ArticleFeed({ articles, isLoading, error, emptyText, withAds = false, hasMore, isLoadingMore, onLoadMore, moreHref }: ArticleFeedProps) {
  if (isLoading) return <ArticleSkeletons />;
  if (error && !articles) {
    return (
      <Alert color="red" title="Failed to fetch articles">
        {error.message}
      </Alert>
    );
  }
  if (!articles?.length) return <Text c="gray.7">{emptyText}</Text>;
  return (
    <Stack gap="lg">
      {/* article-grid.css: cells of at least 280 px, so neither cards nor ad slots are squeezed. */}
      <Box className="article-grid">
        {articles.map((article, index) => (
          <Fragment key={article.id}>
            {/* The first card's image is the top of the page on a phone: the server preloads it too. */}
            {index < HYDRATE_FIRST ? (
              <ArticleCard article={article} priority={index === 0} />
            ) : (
              // Below the top rows: hydrated once the browser is idle, the server's card shown meanwhile.
              <Suspense fallback={null}>
                <HydrateWhenIdle>
                  <ArticleCard article={article} />
                </HydrateWhenIdle>
              </Suspense>
            )}
            {withAds && (index + 1) % AD_EVERY === 0 && <AdSlot slotId={AD_SLOT_IDS.inFeed} size={AD_SIZES.inFeed} data-placement="in-feed" />}
          </Fragment>
        ))}
      </Box>
      {hasMore && onLoadMore && (
        <Center>
          <Button
            component="a"
            href={moreHref ?? '#'}
            variant="outline"
            loading={isLoadingMore}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              onLoadMore();
            }}
          >
            Load more articles
          </Button>
        </Center>
      )}
    </Stack>
  );
}
