import { callApi } from '@ai-mind/ui';
import { adminKeys, api, type AdminContactListQuery } from '@ai-mind/contracts';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type ContactFilters = Omit<AdminContactListQuery, 'cursor' | 'limit'>;

export const fetchContactPage = (filters: ContactFilters, cursor?: string) => fetchPage(api.admin.contactSubmissions.list, filters, cursor);

export function useContactMessages(filters: ContactFilters) {
  const query = usePagedList(adminKeys.contactList(filters), (cursor) => fetchContactPage(filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

const messagesChanged = () => [adminKeys.contactSubmissions()] as const;

export const useMarkHandled = declareMutation(
  (body: { ids: number[]; handled: boolean }) => callApi(api.admin.contactSubmissions.markHandled, { body }),
  messagesChanged,
);
export const useDeleteMessages = declareMutation((ids: number[]) => callApi(api.admin.contactSubmissions.delete, { body: { ids } }), messagesChanged);
