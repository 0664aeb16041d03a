import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS } from '../../../lib/dialogs';
import { fetchArticleGrade } from '../api/articles-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The article's AI involvement grade in its History (docs/disclosure.md): what readers are shown now,
 * each rule of a substantive review met or not with what the record says, and every change of the
 * grade with when it took effect and the revision it followed.
 */
export function ArticleGradeHistory({ articleId }: { articleId: number }) {
  const grade = useQuery({ queryKey: [...adminKeys.articleHistory(articleId), 'grade'], queryFn: () => fetchArticleGrade(articleId) });
  if (grade.isError) return <Alert color="red">{serverMessage(grade.error, 'Failed to load the AI involvement grade.', ADMIN_ERROR_FIELDS)}</Alert>;
  if (!grade.data) return null;
  const { current, history } = grade.data;
  return (
    <Stack gap="xs" data-testid="article-grade">
      <Group gap="xs">
        <Title order={4}>AI involvement</Title>
        <Badge color={current.disclosed ? 'orange' : 'gray'} variant={current.disclosed ? 'filled' : 'light'} data-testid="article-grade-label">
          {current.label}
        </Badge>
        {current.disclosed && <Text size="sm">Readers see the EU AI Act disclosure: the exemption for reviewed text is not met.</Text>}
      </Group>
      <List size="sm" spacing={2}>
        {current.checks.map((check) => (
          <List.Item key={check.rule}>
            <Text size="sm" span fw={600} c={check.met ? 'green.8' : 'red.8'}>
              {check.met ? 'Met' : 'Not met'}
            </Text>
            <Text size="sm" span>{`: ${check.rule} (${check.detail})`}</Text>
          </List.Item>
        ))}
      </List>
      {history.length > 0 && (
        <Table withTableBorder data-testid="grade-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Since</Table.Th>
              <Table.Th>Readers were shown</Table.Th>
              <Table.Th>After revision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...history].reverse().map((change) => (
              <Table.Tr key={change.since} data-testid="grade-change">
                <Table.Td>{when(change.since)}</Table.Td>
                <Table.Td>{change.label}</Table.Td>
                <Table.Td>{change.revisionId ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
