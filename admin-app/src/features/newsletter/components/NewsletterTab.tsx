import { Divider, Stack } from '@mantine/core';
import { DigestsPanel } from './DigestsPanel';
import { SubscribersPanel } from './SubscribersPanel';

/** The Newsletter tab: the digests and their schedule above, the subscribers below. */
export function NewsletterTab() {
  return (
    <Stack gap="xl">
      <DigestsPanel />
      <Divider />
      <SubscribersPanel />
    </Stack>
  );
}
