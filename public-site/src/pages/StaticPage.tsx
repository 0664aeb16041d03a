import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { STATIC_PAGES, staticPageMeta, type StaticPagePath } from '@ai-mind/contracts/web';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

/** A static page of docs/product.md#pages, headed by its title with its metadata applied. */
export function StaticPage({ path, intro, children }: { path: StaticPagePath; intro?: ReactNode; children: ReactNode }) {
  usePageMeta(staticPageMeta(path));
  return (
    <Stack gap="lg" maw={900} mx="auto">
      <div>
        <Title order={1}>{STATIC_PAGES[path].title}</Title>
        {intro && (
          <Text size="lg" c="gray.7" mt="xs">
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
