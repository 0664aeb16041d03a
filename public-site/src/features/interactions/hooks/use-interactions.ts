import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { articleKeys, INTERACTION_MESSAGES, SHARE_TEXT_LENGTH, type InteractionRequest } from '@ai-mind/contracts/web';
import { recordInteraction } from '../api/interactions-api';

/** Records a like or share, then refetches the article and the lists so every count agrees with the server. */
function useRecordInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InteractionRequest) => recordInteraction(request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
    onError: () => notifications.show({ color: 'red', ...INTERACTION_MESSAGES.failed }),
  });
}

/**
 * docs/product.md#states: a like starts unliked, then stays liked for this page session or card instance (no
 * unlike), and the count shown goes up by one at once. `likes` is the count to show: the server's,
 * but never below the count at the click plus one (the refetch may still be on its way). A failed
 * like is undone so the reader can try again and the count stays true.
 */
export function useLike(articleId: number, serverLikes: number) {
  const [likedFrom, setLikedFrom] = useState<number | null>(null);
  const record = useRecordInteraction();
  const like = () => {
    if (likedFrom !== null) return;
    setLikedFrom(serverLikes);
    record.mutate(
      { articleId, type: 'like' },
      {
        onSuccess: () => notifications.show(INTERACTION_MESSAGES.liked),
        onError: () => setLikedFrom(null),
      },
    );
  };
  const liked = likedFrom !== null;
  return { liked, like, likes: liked ? Math.max(serverLikes, likedFrom + 1) : serverLikes };
}

export interface Shareable {
  id: number;
  title: string;
  slug: string;
  /** The text shared along with the link; cut to the spec's first 100 characters. */
  text: string;
}

/** The article's address on this site. */
export const articleUrl = (slug: string) => `${window.location.origin}/article/${slug}`;

/** docs/product.md#limits: the share text is the first 100 characters of the content. */
export const shareText = (text: string) => text.slice(0, SHARE_TEXT_LENGTH);

/**
 * The device's share sheet where there is one, else the link copied to the clipboard; either way the
 * share is recorded.
 */
export function useShare(article: Shareable) {
  const record = useRecordInteraction();
  const share = async () => {
    const url = articleUrl(article.slug);
    const text = shareText(article.text);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: article.title, text, url });
      } catch (error) {
        // Closing the share sheet is a choice, not a share; other failures fall back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (!(await copyLink(url))) return;
      }
    } else if (!(await copyLink(url))) {
      return;
    }
    record.mutate({ articleId: article.id, type: 'share', content: text });
  };
  return { share };
}

async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show(INTERACTION_MESSAGES.copied);
    return true;
  } catch {
    notifications.show({ color: 'red', ...INTERACTION_MESSAGES.failed });
    return false;
  }
}
