import { apiRequest } from '@ai-mind/ui';
import { adminKeys, type AdminContactListQuery, type AdminContactSubmission, type BulkResult } from '@ai-mind/contracts';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type ContactFilters = Omit<AdminContactListQuery, 'cursor' | 'limit'>;

export const fetchContactPage = (filters: ContactFilters, cursor?: string) => fetchPage<AdminContactSubmission>('/api/admin/contact-submissions', filters, cursor);

export function useContactMessages(filters: ContactFilters) {
  const query = usePagedList(adminKeys.contactList(filters), (cursor) => fetchContactPage(filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

const messagesChanged = () => [adminKeys.contactSubmissions()] as const;

export const useMarkHandled = declareMutation(
  (body: { ids: number[]; handled: boolean }) => apiRequest<BulkResult>('/api/admin/contact-submissions/handled', { method: 'POST', body }),
  messagesChanged,
);
export const useDeleteMessages = declareMutation(
  (ids: number[]) => apiRequest<BulkResult>('/api/admin/contact-submissions/delete', { method: 'POST', body: { ids } }),
  messagesChanged,
);
