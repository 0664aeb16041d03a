import { DRAFT_COUNT_HEADER, excerpt, PUBLISHED_COUNT_HEADER, TOTAL_COUNT_HEADER, type Article, type ArticleReviewFields } from '@ai-mind/contracts';

type Stub = { status: number; body?: unknown; headers?: Record<string, string> };

/** Review fields of an article that has been through no review step: published or a generated draft. */
export const reviewFieldsOf = (article: Pick<Article, 'approved'>, fields: Partial<ArticleReviewFields> = {}): ArticleReviewFields => ({
  stage: article.approved ? 'published' : 'draft',
  scheduledAt: null,
  authorId: null,
  authorName: null,
  assigneeId: null,
  assigneeName: null,
  ...fields,
});

/**
 * The article calls of Article Management over a list the test controls: the list (summaries, no
 * bodies, with the server's count headers) and each article in full by id.
 */
export function articleRoutes(list: () => (Article & Partial<ArticleReviewFields>)[], ids: number[] = [1, 2, 3, 4, 5]): Record<string, () => Stub> {
  const routes: Record<string, () => Stub> = {
    'GET /api/admin/articles': () => {
      const articles = list();
      const published = articles.filter((article) => article.approved).length;
      return {
        status: 200,
        body: articles.map(({ content, ...rest }) => ({ ...reviewFieldsOf(rest), ...rest, excerpt: excerpt(content) })),
        headers: {
          [TOTAL_COUNT_HEADER]: String(articles.length),
          [PUBLISHED_COUNT_HEADER]: String(published),
          [DRAFT_COUNT_HEADER]: String(articles.length - published),
        },
      };
    },
  };
  for (const id of ids) {
    routes[`GET /api/admin/articles/${id}`] = () => {
      const found = list().find((article) => article.id === id);
      return found
        ? { status: 200, body: { ...reviewFieldsOf(found), ...found } }
        : { status: 404, body: { error: 'Not Found', message: `Blog ${id} not found` } };
    };
  }
  return routes;
}
