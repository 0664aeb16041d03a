import { Alert, Anchor, Badge, Button, Group, List, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { categoryDisplayName, storyPath, type AdminStory, type OutletMix, type StoryFollowerCount } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { publicArticleUrl, publicPageUrl } from '../../../lib/public-site';
import { useAdminStories, useMergeStories, useSetStoryStatus, useSplitStory, useStoryFollowerCounts, useStoryOutletMixes } from '../api/stories-api';
import { OutletMixSummary } from '../../outlets/components/OutletMixSummary';

const failed = (what: string) => (error: Error) => showAlert(serverMessage(error, what, ADMIN_ERROR_FIELDS));

/** Merges this story into another one chosen from the list. */
function MergeInto({ story, stories }: { story: AdminStory; stories: AdminStory[] }) {
  const [into, setInto] = useState('');
  const merge = useMergeStories({
    onSuccess: (merged) => notifications.show({ title: 'Merged', message: `“${story.title}” is now part of “${merged.title}”.` }),
    onError: failed('The stories could not be merged.'),
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <NativeSelect
        aria-label={`Merge “${story.title}” into`}
        size="xs"
        data={[
          { value: '', label: 'Merge into…' },
          ...stories.filter((other) => other.id !== story.id).map((other) => ({ value: String(other.id), label: other.title })),
        ]}
        value={into}
        onChange={(event) => setInto(event.currentTarget.value)}
        w={200}
      />
      <Button
        size="xs"
        variant="light"
        disabled={!into}
        loading={merge.isPending}
        onClick={() => into && merge.mutate({ id: story.id, intoStoryId: Number(into) })}
      >
        Merge
      </Button>
    </Group>
  );
}

function StoryRow({
  story,
  stories,
  followers,
  outlets,
}: {
  story: AdminStory;
  stories: AdminStory[];
  followers: StoryFollowerCount | undefined;
  outlets: { mix: OutletMix; required: number } | undefined;
}) {
  const split = useSplitStory({
    onSuccess: (created) => notifications.show({ title: 'Split', message: `“${created.title}” is a story of its own.` }),
    onError: failed('The article could not be split out.'),
  });
  const setStatus = useSetStoryStatus({ onError: failed('The story could not be changed.') });
  const developing = story.status === 'developing';
  return (
    <Table.Tr data-testid="admin-story">
      <Table.Td>
        <Anchor href={publicPageUrl(storyPath(story.slug))} target="_blank" rel="noopener noreferrer" fw={600}>
          {story.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {categoryDisplayName(story.category)} · since {new Date(story.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
        </Text>
        <Badge size="xs" mt={4} color={developing ? 'red' : 'gray'} variant="light">
          {developing ? 'Developing' : 'Settled'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <List size="sm" spacing={2}>
          {story.articles.map((article) => (
            <List.Item key={article.id}>
              <Anchor href={publicArticleUrl(article.slug)} target="_blank" rel="noopener noreferrer" size="sm">
                {article.title}
              </Anchor>
              {!article.published && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (draft)
                </Text>
              )}
              {story.articles.length > 1 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  ml="xs"
                  loading={split.isPending}
                  onClick={() => split.mutate({ id: story.id, articleId: article.id })}
                >
                  Split out
                </Button>
              )}
            </List.Item>
          ))}
        </List>
      </Table.Td>
      <Table.Td data-testid="story-outlets">{outlets ? <OutletMixSummary mix={outlets.mix} required={outlets.required} forApproval={false} /> : '—'}</Table.Td>
      <Table.Td data-testid="story-updates">{story.updateCount}</Table.Td>
      <Table.Td data-testid="story-new-reports">{story.newReportCount}</Table.Td>
      <Table.Td data-testid="story-followers">
        {followers ? followers.email + followers.push : 0}
        {followers && (
          <Text size="xs" c="dimmed">
            {followers.email} by email · {followers.push} by push
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          <MergeInto story={story} stories={stories} />
          <Button
            size="xs"
            variant="default"
            loading={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: story.id, status: developing ? 'settled' : 'developing' })}
          >
            {developing ? 'Mark settled' : 'Reopen'}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Stories: each approved topic's articles, updates and the reports that arrived since; editors merge, split and settle them. */
export function StoriesTab() {
  const { data: stories, isLoading, error } = useAdminStories();
  const { data: followerCounts } = useStoryFollowerCounts();
  const followersOf = new Map(followerCounts?.items.map((count) => [count.storyId, count]));
  const { data: outletMixes } = useStoryOutletMixes();
  const outletsOf = new Map(outletMixes?.stories.map(({ storyId, mix }) => [storyId, { mix, required: outletMixes.minIndependentOutlets }]));
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Stories</Title>
        <Text size="sm" c="dimmed">
          A story is made when a topic is approved; the article written from it joins it, and its update and correction notes are its timeline. Merge two
          stories that are one, or split an article out into a story of its own.
        </Text>
      </div>
      {isLoading && <Loader aria-label="Loading stories" />}
      {error && (
        <Alert color="red" title="Failed to load the stories">
          {error.message}
        </Alert>
      )}
      {stories && stories.length === 0 && <Text>No stories yet: approve a topic to start one.</Text>}
      {stories && stories.length > 0 && (
        <Table.ScrollContainer minWidth={1100}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Story</Table.Th>
                <Table.Th>Articles</Table.Th>
                <Table.Th>Outlets</Table.Th>
                <Table.Th>Updates</Table.Th>
                <Table.Th>New reports</Table.Th>
                <Table.Th>Followers</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stories.map((story) => (
                <StoryRow key={story.id} story={story} stories={stories} followers={followersOf.get(story.id)} outlets={outletsOf.get(story.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
