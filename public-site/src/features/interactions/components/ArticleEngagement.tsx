import type { ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { INTERACTION_MESSAGES, PAGE_FORM_ACTIONS } from '@ai-mind/contracts/web';
import { HeartIcon, ShareIcon } from '../../../components/icons';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { useFormFlash } from '../../../app/page-state';
import { useSiteOrigin } from '../../../app/server-context';
import { ArticleCounts } from '../../articles/components/ArticleCounts';
import { useLike, useShare, type Shareable } from '../hooks/use-interactions';

interface EngageableArticle extends Shareable {
  likes: number;
  shares: number;
  comments: number;
}

/** What a share without the scripts gives the reader: the article's link, ready to copy. */
function SharedLink({ slug }: { slug: string }) {
  const url = `${useSiteOrigin()}/article/${slug}`;
  return <TextInput size="xs" readOnly value={url} label="Copy this link to share the article" onFocus={(event) => event.currentTarget.select()} />;
}

/** The form a like or a share is posted by before the scripts (or without them); its button is the child. */
function InteractionForm({ articleId, type, children }: { articleId: number; type: 'like' | 'share'; children: ReactNode }) {
  return (
    <form method="post" action={PAGE_FORM_ACTIONS.interaction} style={{ display: 'contents' }}>
      <input type="hidden" name="articleId" value={articleId} />
      <input type="hidden" name="type" value={type} />
      <BackField />
      {children}
    </form>
  );
}

/**
 * The counts with the like and share controls (docs/product.md#pages, card and article page). Each instance
 * keeps its own like state: a card and its article page are separate instances.
 */
export function ArticleEngagement({ article }: { article: EngageableArticle }) {
  const { liked, like, likes } = useLike(article.id, article.likes);
  const { share } = useShare(article);
  const shared = useFormFlash('share', article.id);
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="article-engagement">
        <ArticleCounts likes={likes} shares={article.shares} comments={article.comments} />
        <Group gap={6} wrap="nowrap">
          {/*
            Forms the server records a like or a share from, for a click before the scripts have hydrated
            the page (or without them): they post and come back. Once hydrated, a click records through
            the API and the form is never submitted, so a click is never lost and never counted twice.
          */}
          <InteractionForm articleId={article.id} type="like">
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
          </InteractionForm>
          <InteractionForm articleId={article.id} type="share">
            <Button
              type="submit"
              size="xs"
              variant="default"
              leftSection={<ShareIcon size={14} />}
              onClick={(event) => {
                event.preventDefault();
                void share();
              }}
            >
              Share
            </Button>
          </InteractionForm>
        </Group>
      </Group>
      {shared?.outcome === 'sent' && <SharedLink slug={article.slug} />}
      {shared?.outcome === 'refused' && <FormOutcomeAlert ok={false} message={shared.notice?.message ?? INTERACTION_MESSAGES.failed.message} />}
    </>
  );
}
