import { lazy, Suspense, type ComponentType } from 'react';
import { Anchor, Button, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ArticleManagementTab } from '../../articles/components/ArticleManagementTab';
import { AuditTab } from '../../audit/components/AuditTab';
import { CommentsTab } from '../../comments/components/CommentsTab';
import { useLogout } from '../../auth/hooks/use-session';
import { ContactMessagesTab } from '../../contact/components/ContactMessagesTab';
import { NewsletterTab } from '../../newsletter/components/NewsletterTab';
import { TrendingTopicsTab } from '../../trending/components/TrendingTopicsTab';
import { useArticleArrivals } from '../../workflow/api/workflow-api';
import { BlogWorkflowTab } from '../../workflow/components/BlogWorkflowTab';
import { PeopleTab } from '../../people/components/PeopleTab';
import { NewsroomTab } from '../../newsroom/components/NewsroomTab';
import { SourceChangesTab } from '../../source-changes/components/SourceChangesTab';
import { StoriesTab } from '../../stories/components/StoriesTab';
import { FediverseTab } from '../../fediverse/components/FediverseTab';
import { useAccount, useCan } from '../../../lib/account';
import { ADMIN_TABS, TAB_PERMISSIONS, useAdminLocation, type AdminTab } from '../../../lib/admin-routes';
import { useAdminEvents } from '../../../lib/live-events';
import { api } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { apiAddress } from '../../../lib/api-address';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useRefreshData } from '../api/dashboard-api';
import { RecoveryPanel } from './RecoveryPanel';

/** The charts' code (recharts) loads when the Analytics tab is first opened, not with the panel. */
const LazyAnalyticsTab = lazy(() => import('../../analytics/components/AnalyticsTab').then(({ AnalyticsTab }) => ({ default: AnalyticsTab })));

function AnalyticsPanel() {
  return (
    <Suspense
      fallback={
        <Center h={200}>
          <Loader aria-label="Loading analytics" />
        </Center>
      }
    >
      <LazyAnalyticsTab />
    </Suspense>
  );
}

/** Bull Board, served by the API. */
const QUEUE_DASHBOARD_URL = apiAddress(api.admin.queueDashboard);

const TAB_LABELS: Record<AdminTab, string> = {
  trending: 'Trending Topics',
  workflow: 'Blog Workflow',
  articles: 'Article Management',
  comments: 'Comments',
  contact: 'Contact Messages',
  newsletter: 'Newsletter',
  analytics: 'Analytics',
  audit: 'Audit',
  people: 'People',
  newsroom: 'Newsroom',
  'source-changes': 'Source Changes',
  stories: 'Stories',
  fediverse: 'Fediverse',
};

const TAB_PANELS: Record<AdminTab, ComponentType> = {
  trending: TrendingTopicsTab,
  workflow: BlogWorkflowTab,
  articles: ArticleManagementTab,
  comments: CommentsTab,
  contact: ContactMessagesTab,
  newsletter: NewsletterTab,
  analytics: AnalyticsPanel,
  audit: AuditTab,
  people: PeopleTab,
  newsroom: NewsroomTab,
  'source-changes': SourceChangesTab,
  stories: StoriesTab,
  fediverse: FediverseTab,
};

/** Each tab's own URL under the panel: the tab is the first path segment (Trending Topics at the panel's root). */
const tabPath = (tab: AdminTab) => (tab === 'trending' ? '' : tab);

export function AdminDashboard({ username }: { username?: string }) {
  const { tab: requested, go } = useAdminLocation();
  const account = useAccount();
  const can = useCan();
  const tabs = ADMIN_TABS.filter((name) => can(TAB_PERMISSIONS[name]));
  // A tab the role cannot use (an old link) opens as Trending Topics, which every role may read.
  const tab = tabs.includes(requested) ? requested : 'trending';
  useAdminEvents();
  useArticleArrivals();
  const logout = useLogout();
  const refresh = useRefreshData({
    onSuccess: (result) => notifications.show({ title: 'Data refreshed', message: result.message }),
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <Title order={1}>Admin Dashboard</Title>
            {account ? (
              <Text size="sm" c="dimmed">
                Signed in as {account.displayName} · {account.role}
              </Text>
            ) : (
              username && (
                <Text size="sm" c="dimmed">
                  Signed in as {username}
                </Text>
              )
            )}
          </div>
          <Group>
            {can('operations.run') && (
              <Anchor href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener noreferrer" size="sm">
                Queue dashboard
              </Anchor>
            )}
            {can('articles.publish') && (
              <Button loading={refresh.isPending} onClick={() => refresh.mutate()}>
                Refresh Data
              </Button>
            )}
            <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          </Group>
        </Group>
        {can('operations.run') && <RecoveryPanel />}
        <Tabs
          value={tab}
          onChange={(value) => value && (ADMIN_TABS as readonly string[]).includes(value) && go(tabPath(value as AdminTab))}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {TAB_LABELS[name]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((name) => {
            const Panel = TAB_PANELS[name];
            return (
              <Tabs.Panel key={name} value={name} pt="md">
                <Panel />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Container>
  );
}
