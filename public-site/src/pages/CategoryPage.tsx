import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { categoryDisplayName, categoryMeta } from '@ai-mind/contracts/web';
import { FollowForm } from '../features/follows/components/FollowForm';
import { ArticleFeed } from '../features/articles/components/ArticleFeed';
import { useArticleList, useListStart } from '../features/articles/hooks/use-articles';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

export function CategoryPage() {
  const category = useParams().category?.trim() || undefined;
  const [params] = useSearchParams();
  const list = useArticleList({ category }, { enabled: category !== undefined, from: useListStart(params) });
  usePageMeta(category && !list.missing ? categoryMeta(category) : null);

  if (!category || list.missing) return <Title order={1}>Category not found</Title>;
  const name = categoryDisplayName(category);
  const count = list.articles?.length;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1}>{name}</Title>
        {count !== undefined && (
          <Badge size="lg" variant="filled" color="indigo" aria-label={`${count}${list.hasNextPage ? ' or more' : ''} articles`} data-testid="category-count">
            {count}
            {list.hasNextPage ? '+' : ''}
          </Badge>
        )}
      </Group>
      <Text c="gray.7">The latest analysis and AI commentary filed under {name}.</Text>
      <ArticleFeed
        articles={list.articles}
        isLoading={list.isLoading}
        error={list.error}
        emptyText="No articles found in this category yet."
        hasMore={list.hasNextPage}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        moreHref={list.nextHref}
      />
      <FollowForm target={{ category, title: name }} />
    </Stack>
  );
}
