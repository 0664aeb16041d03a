import { Alert, Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { articleCanonicalPath, CORRECTION_KIND_LABELS, CORRECTIONS_ANCHOR, correctionsMeta, formatLongDate } from '@ai-mind/contracts/web';
import { useCorrections } from '../features/articles/hooks/use-articles';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

/** Every correction and update note the editors added to a published article, newest first. */
export function CorrectionsPage() {
  usePageMeta(correctionsMeta());
  const { data: notes, isLoading, error } = useCorrections();
  return (
    <Stack gap="lg" maw={900} mx="auto">
      <div>
        <Title order={1}>Corrections and updates</Title>
        <Text size="lg" c="gray.7" mt="xs">
          When an article we published gets something wrong, an editor corrects it in public: the article carries a dated note, and every note is listed here,
          newest first. Update notes add what happened after publication.
        </Text>
      </div>
      {isLoading && <Skeleton h={120} aria-label="Loading corrections" />}
      {error && (
        <Alert color="red" title="Failed to fetch corrections">
          {error.message}
        </Alert>
      )}
      {notes && notes.length === 0 && <Text>No corrections or updates yet.</Text>}
      {notes?.map((note) => (
        <Card key={note.id} withBorder padding="md" component="article" data-testid="correction-entry" data-kind={note.kind}>
          <Text size="sm" c="gray.7">
            {CORRECTION_KIND_LABELS[note.kind]}, <time dateTime={note.createdAt}>{formatLongDate(note.createdAt)}</time>
          </Text>
          <Title order={2} size="h4" mt={4}>
            <Anchor component={Link} to={`${articleCanonicalPath(note.article)}#${CORRECTIONS_ANCHOR}`}>
              {note.article.title}
            </Anchor>
          </Title>
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {note.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
