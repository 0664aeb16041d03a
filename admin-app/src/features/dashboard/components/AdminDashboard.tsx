import { Anchor, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ArticleManagementTab } from '../../articles/components/ArticleManagementTab';
import { AuditTab } from '../../audit/components/AuditTab';
import { CommentsTab } from '../../comments/components/CommentsTab';
import { useLogout } from '../../auth/hooks/use-session';
import { ContactMessagesTab } from '../../contact/components/ContactMessagesTab';
import { NewsletterTab } from '../../newsletter/components/NewsletterTab';
import { TrendingTopicsTab } from '../../trending/components/TrendingTopicsTab';
import { useBlogArrivals } from '../../workflow/api/workflow-api';
import { BlogWorkflowTab } from '../../workflow/components/BlogWorkflowTab';
import { ADMIN_TABS, useAdminLocation, type AdminTab } from '../../../lib/admin-routes';
import { useAdminEvents } from '../../../lib/live-events';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { useRefreshData } from '../api/dashboard-api';
import { RecoveryPanel } from './RecoveryPanel';

/** Bull Board, served by the API (deployed alone, the panel calls the API on its own origin). */
const QUEUE_DASHBOARD_URL = `${process.env.PUBLIC_API_ORIGIN ?? ''}/api/admin/queues`;

/** Each tab's own URL under the panel: the tab is the first path segment (Trending Topics at the panel's root). */
const tabPath = (tab: AdminTab) => (tab === 'trending' ? '' : tab);

export function AdminDashboard({ username }: { username?: string }) {
  const { tab, go } = useAdminLocation();
  useAdminEvents();
  useBlogArrivals();
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
            {username && (
              <Text size="sm" c="dimmed">
                Signed in as {username}
              </Text>
            )}
          </div>
          <Group>
            <Anchor href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener noreferrer" size="sm">
              Queue dashboard
            </Anchor>
            <Button loading={refresh.isPending} onClick={() => refresh.mutate()}>
              Refresh Data
            </Button>
            <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          </Group>
        </Group>
        <RecoveryPanel />
        <Tabs value={tab} onChange={(value) => value && (ADMIN_TABS as readonly string[]).includes(value) && go(tabPath(value as AdminTab))} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="trending">Trending Topics</Tabs.Tab>
            <Tabs.Tab value="workflow">Blog Workflow</Tabs.Tab>
            <Tabs.Tab value="articles">Article Management</Tabs.Tab>
            <Tabs.Tab value="comments">Comments</Tabs.Tab>
            <Tabs.Tab value="contact">Contact Messages</Tabs.Tab>
            <Tabs.Tab value="newsletter">Newsletter</Tabs.Tab>
            <Tabs.Tab value="audit">Audit</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="trending" pt="md">
            <TrendingTopicsTab />
          </Tabs.Panel>
          <Tabs.Panel value="workflow" pt="md">
            <BlogWorkflowTab />
          </Tabs.Panel>
          <Tabs.Panel value="articles" pt="md">
            <ArticleManagementTab />
          </Tabs.Panel>
          <Tabs.Panel value="comments" pt="md">
            <CommentsTab />
          </Tabs.Panel>
          <Tabs.Panel value="contact" pt="md">
            <ContactMessagesTab />
          </Tabs.Panel>
          <Tabs.Panel value="newsletter" pt="md">
            <NewsletterTab />
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditTab />
          </Tabs.Panel>
          {/* Built, but without a tab to open it yet (spec section 2). */}
          <Tabs.Panel value="analytics" pt="md">
            <Text>{MESSAGES.analyticsComingSoon}</Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
