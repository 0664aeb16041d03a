import { callApi } from '@ai-mind/ui';
import { adminKeys, api, articleKeys, type AddCorrectionRequest, type AdminErrorReportListQuery, type SetErrorReportStatusRequest } from '@ai-mind/contracts';
import { useQuery } from '@tanstack/react-query';
import { declareMutation } from '../../../lib/resource';

export const addCorrection = (articleId: number, body: AddCorrectionRequest) => callApi(api.admin.articles.addCorrection, { params: { id: articleId }, body });

export const fetchErrorReports = (query: AdminErrorReportListQuery) => callApi(api.admin.errorReports.list, { query });

export const setErrorReportStatus = (body: SetErrorReportStatusRequest) => callApi(api.admin.errorReports.setStatus, { body });

/** Readers' error reports: the open queue, or one article's (every status). */
export const useErrorReports = (query: AdminErrorReportListQuery) =>
  useQuery({ queryKey: adminKeys.errorReportList(query), queryFn: () => fetchErrorReports(query) });

/** A note changes the article (a new version and revision), its public page and /corrections. */
export const useAddCorrection = declareMutation(
  ({ articleId, ...body }: AddCorrectionRequest & { articleId: number }) => addCorrection(articleId, body),
  () => [adminKeys.articles(), articleKeys.all],
);

export const useSetErrorReportStatus = declareMutation(setErrorReportStatus, () => [adminKeys.errorReports()]);

export const fetchNewReports = (articleId: number) => callApi(api.admin.articles.newReports, { params: { id: articleId } });
export const fetchStoriesWithNewReports = () => callApi(api.admin.articles.storiesWithNewReports);

/** The reports on a published article's story that came after publication. */
export const useNewReports = (articleId: number, enabled: boolean) =>
  useQuery({ queryKey: [...adminKeys.article(articleId), 'new-reports'], queryFn: () => fetchNewReports(articleId), enabled });

/** The published stories with new reports, for Article Management's list. */
export const useStoriesWithNewReports = () => useQuery({ queryKey: [...adminKeys.articles(), 'new-reports'], queryFn: fetchStoriesWithNewReports });
