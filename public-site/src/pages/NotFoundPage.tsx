import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { notFoundMeta } from '@ai-mind/contracts/web';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta(notFoundMeta(pathname));
  return (
    <Stack align="center" py="xl">
      <Title order={1}>404 Page Not Found</Title>
      <Text c="gray.7">Even an AI cannot find a page that does not exist. It checked twice.</Text>
      <Button component={Link} to="/">
        Return Home
      </Button>
    </Stack>
  );
}
