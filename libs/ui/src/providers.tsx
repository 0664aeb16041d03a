import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BaseProviders } from './base-providers';

/**
 * Everything an app needs around it, with every Mantine style: the theme, the toast area and the
 * query client. The admin app (and the shell around it) renders it; the public site renders
 * BaseProviders with the styles of its own components only. Mantine's styles come in the `mantine`
 * cascade layer, below every unlayered rule of the apps, and above the public site's subset
 * (`mantine.site`, public-site/src/app/mantine-styles.css), so load order decides nothing.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return <BaseProviders queryClient={queryClient}>{children}</BaseProviders>;
}
