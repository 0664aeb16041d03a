import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { api, fediverseKeys, type CreateFediverseBlockRequest, type FediverseSettings } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

/** Followers, deliveries, held replies and blocks, in one read. */
export function useFediverseOverview() {
  return useQuery({ queryKey: fediverseKeys.overview(), queryFn: () => callApi(api.admin.fediverse.overview) });
}

/** The owner's setting: replies from the fediverse published at once, or held for moderation. */
export function useFediverseSettings() {
  return useQuery({ queryKey: fediverseKeys.settings(), queryFn: () => callApi(api.admin.fediverse.settings) });
}

export const useSaveFediverseSettings = declareMutation(
  (settings: FediverseSettings) => callApi(api.admin.fediverse.saveSettings, { body: settings }),
  () => [fediverseKeys.settings()],
);

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

/** The accounts the site follows and the posts received from them, with the site's replies. */
export function useFediverseReader() {
  return useQuery({ queryKey: fediverseKeys.reader(), queryFn: () => callApi(api.admin.fediverse.reader) });
}

export const useFollowFediverse = declareMutation(
  (handle: string) => callApi(api.admin.fediverse.follow, { body: { handle } }),
  () => [fediverseKeys.reader()],
);

export const useUnfollowFediverse = declareMutation(
  (id: number) => callApi(api.admin.fediverse.unfollow, { params: { id } }),
  () => [fediverseKeys.reader()],
);

export const useReplyToFediversePost = declareMutation(
  ({ postId, content }: { postId: number; content: string }) => callApi(api.admin.fediverse.reply, { params: { id: postId }, body: { content } }),
  () => [fediverseKeys.reader(), fediverseKeys.overview()],
);

export const useDeleteFediverseReply = declareMutation(
  (id: number) => callApi(api.admin.fediverse.deleteReply, { params: { id } }),
  () => [fediverseKeys.reader(), fediverseKeys.overview()],
);
