import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { api, newsroomKeys, type NewsroomTextKey, type SaveMastheadEntryRequest } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

/** The newsroom's five texts as the owner edits them. */
export function useNewsroomPages() {
  return useQuery({ queryKey: newsroomKeys.admin(), queryFn: () => callApi(api.admin.newsroom.pages) });
}

/** Every account, whether it is named on the masthead and as what. */
export function useMasthead() {
  return useQuery({ queryKey: newsroomKeys.masthead(), queryFn: () => callApi(api.admin.newsroom.masthead) });
}

export const useSaveNewsroomPage = declareMutation(
  ({ key, body }: { key: NewsroomTextKey; body: string }) => callApi(api.admin.newsroom.savePage, { params: { page: key }, body: { body } }),
  () => [newsroomKeys.admin()],
);

export const useSaveMastheadEntry = declareMutation(
  ({ accountId, entry }: { accountId: number; entry: SaveMastheadEntryRequest }) =>
    callApi(api.admin.newsroom.saveMastheadEntry, { params: { id: accountId }, body: entry }),
  () => [newsroomKeys.masthead()],
);
