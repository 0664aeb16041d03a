import { Button, Group } from '@mantine/core';
import { HeartIcon, ShareIcon } from '../../../components/icons';
import { ArticleCounts } from '../../articles/components/ArticleCounts';
import { useLike, useShare, type Shareable } from '../hooks/use-interactions';

interface EngageableArticle extends Shareable {
  likes: number;
  shares: number;
  comments: number;
}

/**
 * The counts with the like and share controls (spec section 2, card and article page). Each instance
 * keeps its own like state: a card and its article page are separate instances.
 */
export function ArticleEngagement({ article }: { article: EngageableArticle }) {
  const { liked, like, likes } = useLike(article.id, article.likes);
  const { share } = useShare(article);
  return (
    <Group gap="sm" wrap="wrap" data-testid="article-engagement">
      <ArticleCounts likes={likes} shares={article.shares} comments={article.comments} />
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant={liked ? 'filled' : 'default'}
          color="pink"
          leftSection={<HeartIcon size={14} fill={liked ? 'currentColor' : 'none'} />}
          onClick={like}
          disabled={liked}
          aria-pressed={liked}
        >
          {liked ? 'Liked' : 'Like'}
        </Button>
        <Button size="xs" variant="default" leftSection={<ShareIcon size={14} />} onClick={() => void share()}>
          Share
        </Button>
      </Group>
    </Group>
  );
}
