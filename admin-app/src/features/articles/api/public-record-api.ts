import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  articleKeys,
  type AddCorrectionRequest,
  type AdminArticle,
  type AdminErrorReport,
  type AdminErrorReportListQuery,
  type BulkResult,
  type NewStoryReports,
  type SetErrorReportStatusRequest,
} from '@ai-mind/contracts';
import { useQuery } from '@tanstack/react-query';
import { declareMutation } from '../../../lib/resource';

export const addCorrection = (articleId: number, body: AddCorrectionRequest) =>
  apiRequest<AdminArticle>(`/api/admin/articles/${articleId}/corrections`, { method: 'POST', body });

export const fetchErrorReports = (query: AdminErrorReportListQuery) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return apiRequest<AdminErrorReport[]>(`/api/admin/error-reports${params.size ? `?${params}` : ''}`);
};

export const setErrorReportStatus = (body: SetErrorReportStatusRequest) => apiRequest<BulkResult>('/api/admin/error-reports/status', { method: 'POST', body });

/** Readers' error reports: the open queue, or one article's (every status). */
export const useErrorReports = (query: AdminErrorReportListQuery) =>
  useQuery({ queryKey: adminKeys.errorReportList(query), queryFn: () => fetchErrorReports(query) });

/** A note changes the article (a new version and revision), its public page and /corrections. */
export const useAddCorrection = declareMutation(
  ({ articleId, ...body }: AddCorrectionRequest & { articleId: number }) => addCorrection(articleId, body),
  () => [adminKeys.articles(), articleKeys.all],
);

export const useSetErrorReportStatus = declareMutation(setErrorReportStatus, () => [adminKeys.errorReports()]);

export const fetchNewReports = (articleId: number) => apiRequest<NewStoryReports>(`/api/admin/articles/${articleId}/new-reports`);
export const fetchStoriesWithNewReports = () => apiRequest<{ articleId: number; title: string; count: number }[]>('/api/admin/stories/new-reports');

/** The reports on a published article's story that came after publication. */
export const useNewReports = (articleId: number, enabled: boolean) =>
  useQuery({ queryKey: [...adminKeys.article(articleId), 'new-reports'], queryFn: () => fetchNewReports(articleId), enabled });

/** The published stories with new reports, for Article Management's list. */
export const useStoriesWithNewReports = () => useQuery({ queryKey: [...adminKeys.articles(), 'new-reports'], queryFn: fetchStoriesWithNewReports });
