import { queryOptions, useQuery } from '@tanstack/react-query';
import { storyKeys } from '@ai-mind/contracts/web';
import { fetchArticleStory, fetchStory } from '../api/stories-api';

/** The query of a story's page (null when there is none): the page and its server render use it. */
export function storyQuery(slug: string) {
  return queryOptions({ queryKey: storyKeys.bySlug(slug), queryFn: () => fetchStory(slug) });
}

/** The query of the story an article belongs to: the article page and its server render use it. */
export function articleStoryQuery(articleId: number) {
  return queryOptions({ queryKey: storyKeys.ofArticle(articleId), queryFn: () => fetchArticleStory(articleId) });
}

/** A story's page; asked for again as the page mounts, so a page kept a while shows the newest moments. */
export function useStory(slug: string) {
  return useQuery({ ...storyQuery(slug), staleTime: 0 });
}

export function useArticleStory(articleId: number) {
  return useQuery(articleStoryQuery(articleId));
}
