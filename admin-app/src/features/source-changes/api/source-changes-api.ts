import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { adminKeys, api, sourceChangeKeys, type SourceChangeStatus } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

/** The "Source changes" queue in one status: open ones oldest first, closed ones latest closed first. */
export function useSourceChanges(status: SourceChangeStatus) {
  return useQuery({ queryKey: sourceChangeKeys.list(status), queryFn: () => callApi(api.admin.sourceChanges.list, { query: { status } }) });
}

/** Resolving or dismissing an item moves it between the lists. */
export const useCloseSourceChange = declareMutation(
  ({ id, status }: { id: number; status: 'resolved' | 'dismissed' }) => callApi(api.admin.sourceChanges.setStatus, { params: { id }, body: { status } }),
  () => [sourceChangeKeys.all],
);

/** A run of the watch now, on the worker: what it finds joins the queue (the articles' claims are read with it). */
export const useCheckSourcesNow = declareMutation(
  () => callApi(api.admin.sourceChanges.checkNow),
  () => [sourceChangeKeys.all, adminKeys.articles()],
  { evenOnError: true },
);
