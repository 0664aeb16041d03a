import { Anchor, Badge, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  articleCanonicalPath,
  CORRECTION_KIND_LABELS,
  formatLongDate,
  storyEntryHeadline,
  type StoryChange,
  type StoryTimelineEntry,
} from '@ai-mind/contracts/web';

const KIND_COLORS = { published: 'green', update: 'blue', correction: 'orange', reports: 'gray' } as const;
const KIND_LABELS = { published: 'Published', ...CORRECTION_KIND_LABELS, reports: 'Reports' } as const;

/** The time of a moment, with the hour: a story moves within a day. */
function When({ at }: { at: string }) {
  const time = new Date(at).toISOString().slice(11, 16);
  return (
    <time dateTime={at}>
      {formatLongDate(at)}, {time} UTC
    </time>
  );
}

/** What an article's text changed with a note, told in words: the title, then paragraphs added, removed and changed. */
function WhatChanged({ change }: { change: StoryChange }) {
  return (
    <details data-testid="what-changed">
      <summary>
        <Text span size="sm" fw={600}>
          What changed: {change.summary}
        </Text>
      </summary>
      <Stack gap={4} mt="xs">
        {change.title && (
          <Text size="sm">
            Title: <del>{change.title.before}</del> → <ins>{change.title.after}</ins>
          </Text>
        )}
        {change.changed.map((edit, index) => (
          <Text size="sm" key={`c${index}`}>
            Changed: <del>{edit.before}</del> → <ins>{edit.after}</ins>
          </Text>
        ))}
        {change.added.map((text, index) => (
          <Text size="sm" key={`a${index}`}>
            Added: <ins>{text}</ins>
          </Text>
        ))}
        {change.removed.map((text, index) => (
          <Text size="sm" key={`r${index}`}>
            Removed: <del>{text}</del>
          </Text>
        ))}
      </Stack>
    </details>
  );
}

/** A story's moments, newest first: publications, update and correction notes with what changed, and the reports as they arrived. */
export function StoryTimeline({ entries }: { entries: StoryTimelineEntry[] }) {
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Timeline">
      {entries.map((entry, index) => (
        <Card key={`${entry.kind}-${entry.at}-${index}`} component="li" withBorder padding="md" data-testid="story-entry" data-kind={entry.kind}>
          <Stack gap={6}>
            {/* A div: a badge is a block, which a <p> may not hold (the browser would move it out, and hydration fail). */}
            <Text size="sm" c="gray.7" component="div">
              <Badge color={KIND_COLORS[entry.kind]} variant="light" mr="xs">
                {KIND_LABELS[entry.kind]}
              </Badge>
              <When at={entry.at} />
            </Text>
            {entry.kind === 'reports' ? (
              <>
                <Title order={3} size="h5">
                  {storyEntryHeadline(entry)}
                </Title>
                <List size="sm" spacing={2}>
                  {entry.reports.map((report, n) => (
                    <List.Item key={`${report.link ?? report.title}-${n}`}>
                      {report.outlet}:{' '}
                      {report.link ? (
                        <Anchor href={report.link} target="_blank" rel="noopener noreferrer nofollow">
                          {report.title}
                        </Anchor>
                      ) : (
                        report.title
                      )}
                    </List.Item>
                  ))}
                </List>
              </>
            ) : (
              <>
                <Title order={3} size="h5">
                  <Anchor component={Link} to={articleCanonicalPath(entry.article)}>
                    {entry.kind === 'published' ? entry.article.title : storyEntryHeadline(entry)}
                  </Anchor>
                </Title>
                {entry.kind !== 'published' && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {entry.note}
                  </Text>
                )}
                {entry.kind !== 'published' && entry.changes && <WhatChanged change={entry.changes} />}
              </>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
