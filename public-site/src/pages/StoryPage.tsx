import { Alert, Anchor, Badge, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { articleCanonicalPath, formatLongDate, notFoundMeta, storyMeta } from '@ai-mind/contracts/web';
import { useSiteOrigin } from '../app/server-context';
import { CategoryBadge } from '../features/articles/components/CategoryBadge';
import { FollowForm } from '../features/follows/components/FollowForm';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';
import { StoryTimeline } from '../features/stories/components/StoryTimeline';
import { useStory } from '../features/stories/hooks/use-stories';

/** A story: its articles, and its timeline newest first (publications, notes with what changed, reports as they arrived). */
export function StoryPage() {
  const { slug = '' } = useParams();
  const { data: story, isLoading, error } = useStory(slug);
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  usePageMeta(story ? storyMeta(story, origin) : story === null ? notFoundMeta(pathname) : null);

  if (isLoading) return <Skeleton h={400} maw={900} mx="auto" aria-label="Loading story" />;
  if (error) {
    return (
      <Alert color="red" title="Failed to fetch the story">
        {error.message}
      </Alert>
    );
  }
  if (!story) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>Story Not Found</Title>
        <Text c="gray.7">The story may have been merged into another or removed.</Text>
        <Button component={Link} to="/">
          Return Home
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={900} mx="auto" data-testid="story-page">
      <div>
        <Group gap="xs">
          <CategoryBadge category={story.category} />
          <Badge color={story.status === 'developing' ? 'red' : 'gray'} variant="light" data-testid="story-status">
            {story.status === 'developing' ? 'Developing story' : 'Settled'}
          </Badge>
        </Group>
        <Title order={1} mt="xs">
          {story.title}
        </Title>
        <Text size="sm" c="gray.7" mt={4}>
          Since <time dateTime={story.startedAt}>{formatLongDate(story.startedAt)}</time>, last updated{' '}
          <time dateTime={story.lastUpdatedAt}>{formatLongDate(story.lastUpdatedAt)}</time>: {story.articles.length} article
          {story.articles.length === 1 ? '' : 's'}, {story.updateCount} update{story.updateCount === 1 ? '' : 's'}.
        </Text>
      </div>
      <section aria-labelledby="story-articles">
        <Title order={2} size="h4" id="story-articles">
          Articles
        </Title>
        <List mt="xs" spacing={4}>
          {story.articles.map((article) => (
            <List.Item key={article.id}>
              <Anchor component={Link} to={articleCanonicalPath(article)}>
                {article.title}
              </Anchor>{' '}
              <Text span size="sm" c="gray.7">
                (<time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>)
              </Text>
            </List.Item>
          ))}
        </List>
      </section>
      <section aria-labelledby="story-timeline">
        <Title order={2} size="h4" id="story-timeline" mb="xs">
          Timeline, newest first
        </Title>
        <StoryTimeline entries={story.timeline} />
      </section>
      <FollowForm target={{ story: story.slug }} />
    </Stack>
  );
}
