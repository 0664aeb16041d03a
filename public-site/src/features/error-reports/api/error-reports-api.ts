import { callApi } from '@ai-mind/ui';
import { publicApi, type CreateErrorReportRequest } from '@ai-mind/contracts/web';

export const postErrorReport = (articleId: number, body: CreateErrorReportRequest) =>
  callApi(publicApi.articles.reportError, { params: { id: articleId }, body });
