import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  type AdminNewsletterDigest,
  type AdminNewsletterSubscriber,
  type AdminNewsletterSubscriberListQuery,
  type MessageResponse,
  type NewsletterCounts,
  type NewsletterFailedDelivery,
  type NewsletterPreview,
  type NewsletterSchedule,
  type NewsletterSettings,
} from '@ai-mind/contracts';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type SubscriberFilters = Omit<AdminNewsletterSubscriberListQuery, 'cursor' | 'limit'>;

const BASE = '/api/admin/newsletter';

/** The CSV export of the subscribers the filters match: a download the browser makes with the session. */
export function subscribersCsvUrl(filters: SubscriberFilters): string {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return `${process.env.PUBLIC_API_ORIGIN ?? ''}${BASE}/subscribers.csv${params.size ? `?${params}` : ''}`;
}

export function useSubscribers(filters: SubscriberFilters) {
  const query = usePagedList(adminKeys.newsletterSubscribers(filters), (cursor) => fetchPage<AdminNewsletterSubscriber>(`${BASE}/subscribers`, filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

export const useSubscriberCounts = () => useQuery({ queryKey: adminKeys.newsletterCounts(), queryFn: () => apiRequest<NewsletterCounts>(`${BASE}/subscribers/counts`) });

export function useDigests() {
  const query = usePagedList(adminKeys.newsletterDigests(), (cursor) => fetchPage<AdminNewsletterDigest>(`${BASE}/digests`, {}, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) };
}

export const useDigestFailures = (digestId: number | null) =>
  useQuery({
    queryKey: [...adminKeys.newsletterDigests(), digestId, 'failures'],
    queryFn: () => apiRequest<NewsletterFailedDelivery[]>(`${BASE}/digests/${digestId}/failures`),
    enabled: digestId !== null,
  });

export const useNewsletterSettings = () => useQuery({ queryKey: adminKeys.newsletterSettings(), queryFn: () => apiRequest<NewsletterSettings>(`${BASE}/settings`) });

export const usePreview = (enabled: boolean) => useQuery({ queryKey: adminKeys.newsletterPreview(), queryFn: () => apiRequest<NewsletterPreview>(`${BASE}/preview`), enabled });

const everything = () => [adminKeys.newsletter()] as const;

export const useAddSubscriber = declareMutation((email: string) => apiRequest<MessageResponse>(`${BASE}/subscribers`, { method: 'POST', body: { email } }), everything);
export const useUnsubscribe = declareMutation((id: number) => apiRequest<MessageResponse>(`${BASE}/subscribers/${id}/unsubscribe`, { method: 'POST' }), everything);
export const useSaveSchedule = declareMutation((schedule: NewsletterSchedule) => apiRequest<NewsletterSettings>(`${BASE}/settings`, { method: 'PUT', body: schedule }), everything);
export const useSendNow = declareMutation(() => apiRequest<MessageResponse & { digestId: number }>(`${BASE}/digests`, { method: 'POST' }), everything);
export const useSendTest = declareMutation((email: string) => apiRequest<MessageResponse>(`${BASE}/test`, { method: 'POST', body: { email } }), () => []);
