import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { adminKeys, api, type AdminNewsletterSubscriberListQuery, type NewsletterSchedule } from '@ai-mind/contracts';
import { apiAddress } from '../../../lib/api-address';
import { declareMutation, fetchPage, usePagedList } from '../../../lib/resource';

export type SubscriberFilters = Omit<AdminNewsletterSubscriberListQuery, 'cursor' | 'limit'>;

/** The CSV export of the subscribers the filters match: a download the browser makes with the session. */
export function subscribersCsvUrl(filters: SubscriberFilters): string {
  const query = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return apiAddress(api.admin.newsletter.subscribersCsv, { query });
}

export function useSubscribers(filters: SubscriberFilters) {
  const query = usePagedList(adminKeys.newsletterSubscribers(filters), (cursor) => fetchPage(api.admin.newsletter.subscribers, filters, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), total: query.data?.pages[0]?.total };
}

export const useSubscriberCounts = () => useQuery({ queryKey: adminKeys.newsletterCounts(), queryFn: () => callApi(api.admin.newsletter.subscriberCounts) });

export function useDigests() {
  const query = usePagedList(adminKeys.newsletterDigests(), (cursor) => fetchPage(api.admin.newsletter.digests, {}, cursor));
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) };
}

export const useDigestFailures = (digestId: number | null) =>
  useQuery({
    queryKey: [...adminKeys.newsletterDigests(), digestId, 'failures'],
    queryFn: () => callApi(api.admin.newsletter.digestFailures, { params: { id: digestId! } }),
    enabled: digestId !== null,
  });

export const useNewsletterSettings = () => useQuery({ queryKey: adminKeys.newsletterSettings(), queryFn: () => callApi(api.admin.newsletter.settings) });

export const usePreview = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.newsletterPreview(), queryFn: () => callApi(api.admin.newsletter.previewDigest), enabled });

const everything = () => [adminKeys.newsletter()] as const;

export const useAddSubscriber = declareMutation((email: string) => callApi(api.admin.newsletter.addSubscriber, { body: { email } }), everything);
export const useUnsubscribe = declareMutation((id: number) => callApi(api.admin.newsletter.unsubscribeSubscriber, { params: { id } }), everything);
export const useSaveSchedule = declareMutation((schedule: NewsletterSchedule) => callApi(api.admin.newsletter.saveSchedule, { body: schedule }), everything);
export const useSendNow = declareMutation(() => callApi(api.admin.newsletter.sendDigestNow), everything);
export const useSendTest = declareMutation(
  () => callApi(api.admin.newsletter.sendTestDigest),
  () => [],
);
