import { useQuery } from '@tanstack/react-query';
import { callApi } from '@ai-mind/ui';
import { api, storyKeys, type StoryStatus } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

const adminStoriesKey = () => [...storyKeys.all, 'admin'] as const;

/** The stories, newest first, with their articles and counts. */
export function useAdminStories() {
  return useQuery({ queryKey: adminStoriesKey(), queryFn: () => callApi(api.admin.stories.list) });
}

/** Confirmed followers of each story by channel (the follows module's count, above the stories it reads). */
export function useStoryFollowerCounts() {
  return useQuery({ queryKey: [...adminStoriesKey(), 'followers'], queryFn: () => callApi(api.admin.storyFollowers) });
}

/** Who covers each story: the outlet mix of every report on it (the outlets module's, by the owner's list). */
export function useStoryOutletMixes() {
  return useQuery({ queryKey: [...adminStoriesKey(), 'outlets'], queryFn: () => callApi(api.admin.outlets.storiesMix) });
}

export const useMergeStories = declareMutation(
  ({ id, intoStoryId }: { id: number; intoStoryId: number }) => callApi(api.admin.stories.merge, { params: { id }, body: { intoStoryId } }),
  () => [adminStoriesKey()],
);

export const useSplitStory = declareMutation(
  ({ id, articleId }: { id: number; articleId: number }) => callApi(api.admin.stories.split, { params: { id }, body: { articleId } }),
  () => [adminStoriesKey()],
);

export const useSetStoryStatus = declareMutation(
  ({ id, status }: { id: number; status: StoryStatus }) => callApi(api.admin.stories.setStatus, { params: { id }, body: { status } }),
  () => [adminStoriesKey()],
);
