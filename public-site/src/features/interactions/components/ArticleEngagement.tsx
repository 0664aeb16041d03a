import { Button, Group } from '@mantine/core';
import { useLocation } from 'react-router';
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
  const { pathname, search } = useLocation();
  return (
    <Group gap="sm" wrap="wrap" data-testid="article-engagement">
      <ArticleCounts likes={likes} shares={article.shares} comments={article.comments} />
      <Group gap={6} wrap="nowrap">
        {/*
          A form the server records a like from, for a click before the scripts have hydrated the page
          (or without them): it posts and comes back. Once hydrated, the click records through the API
          and the form is never submitted, so a click is never lost and never counted twice.
        */}
        <form method="post" action="/api/interactions/form" style={{ display: 'contents' }}>
          <input type="hidden" name="articleId" value={article.id} />
          <input type="hidden" name="type" value="like" />
          <input type="hidden" name="back" value={`${pathname}${search}`} />
          <Button
            type="submit"
            size="xs"
            variant={liked ? 'filled' : 'default'}
            color="pink"
            leftSection={<HeartIcon size={14} fill={liked ? 'currentColor' : 'none'} />}
            onClick={(event) => {
              event.preventDefault();
              like();
            }}
            disabled={liked}
            aria-pressed={liked}
          >
            {liked ? 'Liked' : 'Like'}
          </Button>
        </form>
        <Button size="xs" variant="default" leftSection={<ShareIcon size={14} />} onClick={() => void share()}>
          Share
        </Button>
      </Group>
    </Group>
  );
}
