import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { useDeepRecovery, useQuickRecovery, useRecreateArticles } from '../api/dashboard-api';

/** Data Recovery (quick and deep) and Emergency Article Recreation. */
export function RecoveryPanel() {
  const quick = useQuickRecovery({
    onSuccess: (result) => {
      showAlert(`Quick recovery finished. ${result.message ?? `Restored ${result.restoredCount ?? 0} articles.`}`);
    },
    onError: () => showAlert(MESSAGES.forceRecoveryFailed),
  });
  const deep = useDeepRecovery({
    onSuccess: (result) => {
      showAlert(
        `Deep recovery finished: ${result.articlesFound} articles found in ${result.backupsFound} backups` +
          `${result.restoredCount !== undefined ? `, ${result.restoredCount} restored` : ''}. ` +
          `Now ${result.finalStats.totalArticlesNow} articles, ${result.finalStats.publishedArticlesNow} published.`,
      );
    },
    onError: (error) => showAlert(MESSAGES.exhaustiveRecoveryFailed(serverMessage(error, error.message, ADMIN_ERROR_FIELDS))),
  });
  const recreate = useRecreateArticles({
    onSuccess: (result) => {
      showAlert(`Recreated ${result.recreatedArticles.length} articles. Now ${result.totalArticlesNow} articles, ${result.publishedArticlesNow} published.`);
    },
    onError: (error) => showAlert(MESSAGES.recreateFailed(serverMessage(error, error.message, ADMIN_ERROR_FIELDS))),
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder>
        <Title order={4}>Data Recovery</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Restore articles missing from the database from the latest backups and revisions.
        </Text>
        <Group>
          <Button variant="light" loading={quick.isPending} onClick={() => quick.mutate()}>
            Quick Recovery
          </Button>
          <Button variant="light" color="grape" loading={deep.isPending} onClick={() => deep.mutate()}>
            Deep Recovery
          </Button>
        </Group>
      </Card>
      <Card withBorder>
        <Title order={4}>Emergency Article Recreation</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Recreate articles listed in the sitemap that no longer exist.
        </Text>
        <Button variant="light" color="orange" loading={recreate.isPending} onClick={() => recreate.mutate()}>
          Recreate Articles
        </Button>
      </Card>
    </SimpleGrid>
  );
}
