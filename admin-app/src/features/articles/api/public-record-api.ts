import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  articleKeys,
  type AddCorrectionRequest,
  type AdminArticle,
  type AdminErrorReport,
  type AdminErrorReportListQuery,
  type BulkResult,
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
