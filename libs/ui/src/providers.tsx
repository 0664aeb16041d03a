import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BaseProviders } from './base-providers';

/**
 * Everything an app needs around it, with every Mantine style: the theme, the toast area and the
 * query client. The admin app (and the shell around it) renders it; the public site renders
 * BaseProviders with the styles of its own components only.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return <BaseProviders queryClient={queryClient}>{children}</BaseProviders>;
}
