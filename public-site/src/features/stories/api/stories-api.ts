import { callApi } from '@ai-mind/ui';
import { publicApi, type ArticleStory, type PublicStory } from '@ai-mind/contracts/web';

/** A story's page data; null when there is no such story (the API's 404). */
export async function fetchStory(slug: string): Promise<PublicStory | null> {
  try {
    return await callApi(publicApi.stories.bySlug, { params: { slug } });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('404:')) return null;
    throw error;
  }
}

/** The story a published article belongs to. */
export function fetchArticleStory(articleId: number): Promise<ArticleStory> {
  return callApi(publicApi.stories.ofArticle, { params: { id: articleId } });
}
