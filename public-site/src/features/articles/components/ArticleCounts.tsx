import { Group, Text } from '@mantine/core';
import { DeferredTooltip } from '../../../components/DeferredTooltip';
import type { ReactNode } from 'react';
import { formatCount } from '@ai-mind/contracts/web';
import { CommentIcon, HeartIcon, ShareIcon } from '../../../components/icons';

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  const count = formatCount(value);
  const text = `${count} ${label}`;
  return (
    <DeferredTooltip label={text}>
      <Group gap={4} wrap="nowrap" aria-label={text} role="group">
        {icon}
        <Text size="sm" c="gray.7" aria-hidden="true">
          {count}
        </Text>
      </Group>
    </DeferredTooltip>
  );
}

/** Like, share and comment counts of an article. */
export function ArticleCounts({ likes, shares, comments }: { likes: number; shares: number; comments: number }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Count icon={<HeartIcon size={16} />} value={likes} label={likes === 1 ? 'like' : 'likes'} />
      <Count icon={<ShareIcon size={16} />} value={shares} label={shares === 1 ? 'share' : 'shares'} />
      <Count icon={<CommentIcon size={16} />} value={comments} label={comments === 1 ? 'comment' : 'comments'} />
    </Group>
  );
}
