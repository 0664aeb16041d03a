import { apiRequest } from '@ai-mind/ui';
import type { ExhaustiveRecoveryResponse, ForceRecoveryResponse, MessageResponse, RecreateFromSitemapResponse } from '@ai-mind/contracts';

export const refreshData = () => apiRequest<MessageResponse>('/api/admin/refresh-data', { method: 'POST' });
export const forceRecovery = () => apiRequest<ForceRecoveryResponse>('/api/admin/force-recovery', { method: 'POST' });
export const exhaustiveRecovery = () => apiRequest<ExhaustiveRecoveryResponse>('/api/admin/exhaustive-recovery', { method: 'POST' });
export const recreateFromSitemap = () => apiRequest<RecreateFromSitemapResponse>('/api/admin/recreate-from-sitemap', { method: 'POST', body: {} });
