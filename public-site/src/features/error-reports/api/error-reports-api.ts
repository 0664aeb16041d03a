import { apiRequest } from '@ai-mind/ui';
import type { CreateErrorReportRequest, ErrorReportReceipt } from '@ai-mind/contracts/web';

export const postErrorReport = (articleId: number, body: CreateErrorReportRequest) =>
  apiRequest<ErrorReportReceipt>(`/api/articles/${articleId}/error-reports`, { method: 'POST', body });
