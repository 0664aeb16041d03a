import { Alert, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  /** docs/product.md#messages: the 'Failed to fetch ...' text. */
  errorText: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** A list's loading, failure and empty states, the same in every tab. */
export function QueryList<T>({ query, errorText, emptyText, children }: QueryListProps<T>) {
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={errorText} role="alert">
        {query.error.message}
      </Alert>
    );
  }
  if (!query.data?.length) return <Text c="dimmed">{emptyText}</Text>;
  return <>{children(query.data)}</>;
}
