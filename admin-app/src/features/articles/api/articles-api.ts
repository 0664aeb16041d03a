import { callApi } from '@ai-mind/ui';
import {
  adminKeys,
  api,
  articleKeys,
  DRAFT_COUNT_HEADER,
  MORE_MATCHES_HEADER,
  PUBLISHED_COUNT_HEADER,
  ARTICLE_STAGES,
  STAGE_COUNTS_HEADER,
  type AdminArticle,
  type AdminArticleListQuery,
  type ArticleStage,
  type CreateDraftRequest,
  type ReviewStep,
  type RegenerateImagesRequest,
  type UpdateArticleRequest,
} from '@ai-mind/contracts';
import { useQuery } from '@tanstack/react-query';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type ArticleFilters = Omit<AdminArticleListQuery, 'cursor' | 'limit'>;

export const fetchAdminArticlePage = (filters: ArticleFilters, cursor?: string) => fetchPage(api.admin.articles.list, filters, cursor);
export const fetchAdminArticle = (id: number) => callApi(api.admin.articles.byId, { params: { id } });
/**
 * Publish and delete name the version the editor saw: a newer change by someone else is answered 409.
 * A draft with open claim flags is refused (409) unless `overrideClaims`: the editor vouches for them.
 */
export const publishArticleNow = (article: Pick<AdminArticle, 'id' | 'version'> & { overrideClaims?: boolean }) =>
  callApi(api.admin.articles.publishNow, {
    body: { blogId: article.id, version: article.version, ...(article.overrideClaims ? { overrideClaims: true } : {}) },
  });
export const deleteArticlePermanently = (article: Pick<AdminArticle, 'id' | 'version'>) =>
  callApi(api.admin.articles.deletePermanently, { body: { blogId: article.id, version: article.version } });
export const updateArticle = (id: number, body: UpdateArticleRequest) => callApi(api.admin.articles.update, { params: { id }, body });
export const regenerateImages = (body: RegenerateImagesRequest) => callApi(api.admin.articles.regenerateImages, { body });
export const deleteProblematicDrafts = () => callApi(api.admin.articles.deleteProblematicDrafts);

/** A review step; `at` (ISO 8601 with its offset) only for schedule. */
export interface ReviewStepCall {
  id: number;
  step: ReviewStep;
  version: number;
  note?: string;
  at?: string;
}
export const takeReviewStep = ({ id, step, ...body }: ReviewStepCall) => callApi(api.admin.review[step], { params: { id }, body });
export const assignArticle = ({ id, assigneeId, version }: { id: number; assigneeId: number | null; version: number }) =>
  callApi(api.admin.articles.assign, { params: { id }, body: { assigneeId, version } });
export const createDraft = (body: CreateDraftRequest) => callApi(api.admin.articles.createDraft, { body });
export const fetchAssignees = () => callApi(api.admin.articles.assignees);

export const fetchArticleProvenance = (articleId: number) => callApi(api.admin.articles.provenance, { params: { id: articleId } });
export const fetchArticleHistory = (articleId: number) => callApi(api.admin.articles.revisions, { params: { id: articleId } });
export const fetchArticleGrade = (articleId: number) => callApi(api.admin.articles.grade, { params: { id: articleId } });
export const fetchArticleRevision = (articleId: number, revisionId: number) => callApi(api.admin.articles.revision, { params: { id: articleId, revisionId } });
export const restoreArticleRevision = (articleId: number, revisionId: number, version: number) =>
  callApi(api.admin.articles.restoreRevision, { params: { id: articleId, revisionId }, body: { version } });

// Queries

/** Article Management's list, page by page, with the server's exact counts (and a search's number of matches). */
export function useAdminArticles(filters: ArticleFilters) {
  const query = usePagedList(adminKeys.articleList(filters), (cursor) => fetchAdminArticlePage(filters, cursor));
  const first = query.data?.pages[0];
  const counts = first && {
    matching: first.total,
    published: Number(first.headers.get(PUBLISHED_COUNT_HEADER) ?? 0),
    drafts: Number(first.headers.get(DRAFT_COUNT_HEADER) ?? 0),
    moreMatches: first.headers.get(MORE_MATCHES_HEADER) === 'true',
    stages: stageCounts(first.headers.get(STAGE_COUNTS_HEADER)),
  };
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), counts };
}

/** `draft=3,in_review=1,...` as numbers per stage. */
function stageCounts(header: string | null): Record<ArticleStage, number> {
  const counts = Object.fromEntries(ARTICLE_STAGES.map((stage) => [stage, 0])) as Record<ArticleStage, number>;
  for (const pair of header?.split(',') ?? []) {
    const [stage, count] = pair.split('=');
    if ((ARTICLE_STAGES as readonly string[]).includes(stage ?? '')) counts[stage as ArticleStage] = Number(count) || 0;
  }
  return counts;
}

/** The accounts an article may be assigned to (editors only). */
export const useAssignees = (enabled: boolean) => useQuery({ queryKey: adminKeys.assignees(), queryFn: fetchAssignees, enabled });
/** The sources, generation record and claims of one article, shown beside its editor. */
export const useArticleProvenance = (id: number) => useQuery({ queryKey: adminKeys.articleProvenance(id), queryFn: () => fetchArticleProvenance(id) });

/** One article in full (the editor, a draft's preview). */
export const useAdminArticle = (id: number | null) =>
  useQuery({ queryKey: adminKeys.article(id ?? 0), queryFn: () => fetchAdminArticle(id!), enabled: id !== null });

// Mutations, each with what it makes stale: the panel's article queries and the public site's.

const articlesChanged = () => [adminKeys.articles(), articleKeys.all] as const;

export const usePublishArticle = declareMutation(
  (article: Pick<AdminArticle, 'id' | 'version'> & { overrideClaims?: boolean }) => publishArticleNow(article),
  articlesChanged,
);
export const useDeleteArticle = declareMutation((article: Pick<AdminArticle, 'id' | 'version'>) => deleteArticlePermanently(article), articlesChanged);
export const useRegenerateImages = declareMutation(regenerateImages, articlesChanged);
export const useReviewStep = declareMutation(takeReviewStep, articlesChanged);
export const useAssignArticle = declareMutation(assignArticle, articlesChanged);
export const useCreateDraft = declareMutation(createDraft, articlesChanged);
export const useDeleteProblematicDrafts = declareMutation(deleteProblematicDrafts, articlesChanged);
export const useSaveArticle = declareMutation(({ id, ...body }: UpdateArticleRequest & { id: number }) => updateArticle(id, body), articlesChanged);
export const useRestoreRevision = declareMutation(
  ({ articleId, revisionId, version }: { articleId: number; revisionId: number; version: number; createdAt: string }) =>
    restoreArticleRevision(articleId, revisionId, version),
  articlesChanged,
);
