import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, articleKeys } from '@ai-mind/contracts';
import { ArticleManagementTab } from '../../articles/components/ArticleManagementTab';
import { useLogout } from '../../auth/hooks/use-session';
import { ContactMessagesTab } from '../../contact/components/ContactMessagesTab';
import { TrendingTopicsTab } from '../../trending/components/TrendingTopicsTab';
import { BlogWorkflowTab } from '../../workflow/components/BlogWorkflowTab';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { refreshData } from '../api/dashboard-api';
import { RecoveryPanel } from './RecoveryPanel';

export function AdminDashboard({ username }: { username?: string }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('trending');
  const logout = useLogout();
  const refresh = useMutation({
    mutationFn: refreshData,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (query) => query.queryKey[1] !== 'session' }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]),
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
            <Button loading={refresh.isPending} onClick={() => refresh.mutate()}>
              Refresh Data
            </Button>
            <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          </Group>
        </Group>
        <RecoveryPanel />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="trending">Trending Topics</Tabs.Tab>
            <Tabs.Tab value="workflow">Blog Workflow</Tabs.Tab>
            <Tabs.Tab value="articles">Article Management</Tabs.Tab>
            <Tabs.Tab value="contact">Contact Messages</Tabs.Tab>
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
          <Tabs.Panel value="contact" pt="md">
            <ContactMessagesTab />
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
