import { Anchor, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';

interface NavigationDrawerProps {
  opened: boolean;
  onClose: () => void;
  links: { to: string; label: string }[];
}

/** The small-screen navigation: its own chunk, fetched the first time the burger is pressed. */
export default function NavigationDrawer({ opened, onClose, links }: NavigationDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="The AI Mind" size="xs" hiddenFrom="md" closeButtonProps={{ 'aria-label': 'Close navigation' }}>
      <Stack component="nav" aria-label="Site" gap="sm">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={encodeURI(link.to)} c="dark" onClick={onClose}>
            {link.label}
          </Anchor>
        ))}
      </Stack>
    </Drawer>
  );
}
