import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '@ai-mind/contracts';
import { QueryList } from '../../../lib/QueryList';
import { MESSAGES } from '../../../lib/messages';
import { fetchContactSubmissions } from '../api/contact-api';

export function ContactMessagesTab() {
  const submissions = useQuery({ queryKey: adminKeys.contactSubmissions(), queryFn: fetchContactSubmissions });
  return (
    <QueryList query={submissions} errorText={MESSAGES.fetchContactFailed} emptyText={MESSAGES.noContactMessages}>
      {(items) => (
        <Stack>
          {items.map((submission) => (
            <Card key={submission.id} withBorder padding="md" data-testid="contact-message">
              <Group justify="space-between">
                <Text fw={600}>{submission.subject}</Text>
                <Text size="xs" c="dimmed">
                  {new Date(submission.submittedAt).toLocaleString('en-US')}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {submission.name} · <Anchor href={`mailto:${submission.email}`}>{submission.email}</Anchor>
              </Text>
              <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                {submission.message}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </QueryList>
  );
}
