import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatLongDate, storyPath, type Correction } from '@ai-mind/contracts/web';
import { useArticleStory } from '../hooks/use-stories';

/** "Updated <date>: <note>", from the article's latest update note: what a returning reader looks for first. */
export function LatestUpdate({ notes }: { notes: Correction[] }) {
  const latest = notes.filter((note) => note.kind === 'update').at(-1);
  if (!latest) return null;
  return (
    <Alert role="note" variant="light" color="blue" p="sm" data-testid="latest-update">
      <Text size="sm">
        <Text span fw={700}>
          Updated <time dateTime={latest.createdAt}>{formatLongDate(latest.createdAt)}</time>:
        </Text>{' '}
        {latest.text}
      </Text>
    </Alert>
  );
}

/** "This story has N updates", linking to the story's timeline, when the story has more than this article's publication. */
export function StoryLink({ articleId }: { articleId: number }) {
  const { data } = useArticleStory(articleId);
  const story = data?.story;
  if (!story || story.updateCount === 0) return null;
  return (
    <Text size="sm" data-testid="story-link">
      <Anchor component={Link} to={storyPath(story.slug)} fw={600}>
        This story has {story.updateCount} update{story.updateCount === 1 ? '' : 's'}
      </Anchor>{' '}
      <Text span c="gray.7">
        — the timeline of “{story.title}”
      </Text>
    </Text>
  );
}
