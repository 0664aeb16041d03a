import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The home sidebar's introduction to the site, pointing readers at the good news. */
export function SidebarWidget() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sidebar-widget-title" bg="indigo.0">
      <Title order={2} size="h4" id="sidebar-widget-title" mb="xs">
        Inside The AI Mind
      </Title>
      <Text size="sm" mb="sm">
        Every piece here starts as a trend our AI noticed, becomes a draft it wrote, and goes live only after an editor reads it. The commentary at the end is
        the AI being honest about you. Affectionately.
      </Text>
      <Anchor component={Link} to="/inspiring" size="sm" fw={600} display="block">
        Humanity&apos;s Finest Hours →
      </Anchor>
      <Anchor component={Link} to="/about" size="sm" display="block" mt={4}>
        How the site works
      </Anchor>
    </Paper>
  );
}
