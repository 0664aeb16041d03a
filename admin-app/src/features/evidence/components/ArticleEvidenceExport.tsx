import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import type { AdminArticle } from '@ai-mind/contracts';
import { useAccount } from '../../../lib/account';
import { evidenceUrl } from '../api/evidence-api';

/**
 * "Export evidence" on the article page: the record behind its AI involvement grade (review steps and
 * notes, claims and overrides, corrections, the labels readers saw), as CSV or JSON. Owners only, as
 * the server decides.
 */
export function ArticleEvidenceExport({ article }: { article: Pick<AdminArticle, 'id'> }) {
  const account = useAccount();
  if (account && account.role !== 'owner') return null;
  return (
    <Paper withBorder p="lg" data-testid="article-evidence-export">
      <Title order={4}>Export evidence</Title>
      <Text size="sm" c="dimmed" mb="xs">
        The record behind this article&apos;s AI involvement grade: its review steps with times and notes, its claims and who overrode a flag with what note,
        the share of the AI draft changed, corrections, and which label readers were shown when.
      </Text>
      <Group gap="md">
        <Anchor href={evidenceUrl({ article: article.id }, 'csv')} download size="sm">
          Export evidence (CSV)
        </Anchor>
        <Anchor href={evidenceUrl({ article: article.id }, 'json')} download size="sm">
          Export evidence (JSON)
        </Anchor>
      </Group>
    </Paper>
  );
}
