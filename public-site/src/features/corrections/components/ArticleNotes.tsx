import { Alert, Stack, Text, Title } from '@mantine/core';
import { CORRECTION_KIND_LABELS, CORRECTIONS_ANCHOR, formatLongDate, type Correction } from '@ai-mind/contracts/web';

/** The article's dated corrections and update notes, oldest first, where the feed and /corrections link to. */
export function ArticleNotes({ notes }: { notes: Correction[] }) {
  return (
    <Stack gap="xs" component="section" id={CORRECTIONS_ANCHOR} aria-labelledby="article-notes-title">
      <Title order={2} size="h4" id="article-notes-title">
        Corrections and updates
      </Title>
      {notes.map((note) => (
        // A note, not an alert: part of the page, never announced on load.
        <Alert
          key={note.id}
          role="note"
          variant="light"
          color={note.kind === 'correction' ? 'orange' : 'blue'}
          data-testid="article-note"
          data-kind={note.kind}
        >
          <Text size="sm" fw={600}>
            {CORRECTION_KIND_LABELS[note.kind]}, <time dateTime={note.createdAt}>{formatLongDate(note.createdAt)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {note.text}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
