import { Anchor, Group, Text } from '@mantine/core';

/** Where the public site lives when the admin app is deployed on its own origin (same origin by default). */
const SITE_URL = process.env.PUBLIC_SITE_URL || '/';

/** Deployed on its own, the panel has no site chrome around it: this keeps the way back to the site. */
export function StandaloneHeader() {
  return (
    <Group component="header" justify="space-between" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Text fw={800} c="indigo.8">
        The AI Mind · Admin
      </Text>
      <Anchor href={SITE_URL} size="sm">
        Back to the site
      </Anchor>
    </Group>
  );
}
