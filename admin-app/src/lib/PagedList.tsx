import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface PagedListProps<T> {
  list: {
    items: T[] | undefined;
    isLoading: boolean;
    isError: boolean;
    error: Error | null;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  /** docs/product.md#messages: the 'Failed to fetch ...' text. */
  errorText: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** A server-paged list's loading, failure and empty states, and its 'Load more', the same in every tab. */
export function PagedList<T>({ list, errorText, emptyText, children }: PagedListProps<T>) {
  if (list.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title={errorText} role="alert">
        {list.error?.message}
      </Alert>
    );
  }
  if (!list.items?.length) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      {children(list.items)}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
    </>
  );
}
