import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NotificationArea } from './notification-area';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/**
 * The Mantine theme, the toast area and the query client, without any stylesheet: an app that
 * renders it imports the Mantine styles of the components it uses (the public site, whose pages carry
 * their styles inline). AppProviders is this with every Mantine style.
 */
export function BaseProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationArea />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
