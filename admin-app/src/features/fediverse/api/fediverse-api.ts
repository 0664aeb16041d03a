import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { api, fediverseKeys, type CreateFediverseBlockRequest } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

/** Followers, deliveries, held replies and blocks, in one read. */
export function useFediverseOverview() {
  return useQuery({ queryKey: fediverseKeys.overview(), queryFn: () => callApi(api.admin.fediverse.overview) });
}

export const useBlockFediverse = declareMutation(
  (block: CreateFediverseBlockRequest) => callApi(api.admin.fediverse.block, { body: block }),
  () => [fediverseKeys.overview()],
);

export const useUnblockFediverse = declareMutation(
  (id: number) => callApi(api.admin.fediverse.unblock, { params: { id } }),
  () => [fediverseKeys.overview()],
);

export const useModerateFediverseReply = declareMutation(
  ({ id, status }: { id: number; status: 'published' | 'rejected' }) => callApi(api.admin.fediverse.moderateReply, { params: { id }, body: { status } }),
  () => [fediverseKeys.overview()],
);
