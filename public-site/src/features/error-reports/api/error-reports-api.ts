import { callApi } from '@ai-mind/ui';
import { api, type CreateErrorReportRequest } from '@ai-mind/contracts/web';

export const postErrorReport = (articleId: number, body: CreateErrorReportRequest) => callApi(api.articles.reportError, { params: { id: articleId }, body });
