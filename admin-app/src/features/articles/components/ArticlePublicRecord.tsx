import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  CORRECTION_KIND_LABELS,
  CORRECTION_TEXT_MAX,
  CORRECTION_TEXT_MIN,
  formatShortDate,
  type AdminArticle,
  type AdminErrorReport,
  type CorrectionKind,
  type ErrorReportStatus,
  type StoryReport,
} from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useAddCorrection, useErrorReports, useNewReports, useSetErrorReportStatus, useStoriesWithNewReports } from '../api/public-record-api';

const STATUS_COLOURS: Record<ErrorReportStatus, string> = { open: 'red', resolved: 'green', dismissed: 'gray', spam: 'dark' };

/** The sentence a report is on, beside the source passage the page showed for it (as it was when the report was sent). */
function ReportedClaim({ claim }: { claim: NonNullable<AdminErrorReport['claim']> }) {
  return (
    <Group gap="sm" align="stretch" grow data-testid="error-report-claim" wrap="wrap">
      <Stack gap={2} miw={220}>
        <Text size="xs" c="dimmed" fw={600}>
          The sentence reported
        </Text>
        <Text size="sm" data-testid="error-report-claim-sentence">
          {claim.sentence}
        </Text>
      </Stack>
      <Stack gap={2} miw={220}>
        <Text size="xs" c="dimmed" fw={600}>
          {claim.sourceNumber === null ? 'Its passage' : `Its passage, source ${claim.sourceNumber}${claim.outlet ? ` (${claim.outlet})` : ''}`}
        </Text>
        <Text size="sm" fs="italic" data-testid="error-report-claim-passage">
          {claim.passage ? `“${claim.passage}”` : 'No passage of the sources supports it.'}
        </Text>
      </Stack>
    </Group>
  );
}

/** One reader's report, with what an editor can make of it. */
function ReportCard({ report, showArticle }: { report: AdminErrorReport; showArticle?: boolean }) {
  const { go } = useAdminLocation();
  const setStatus = useSetErrorReportStatus({ onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)) });
  const mark = (status: ErrorReportStatus) => setStatus.mutate({ ids: [report.id], status });
  return (
    <Paper withBorder p="sm" data-testid="error-report" data-status={report.status}>
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color={STATUS_COLOURS[report.status]} variant="light">
            {report.status}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatShortDate(report.createdAt)}
            {report.handledBy ? ` · ${report.status} by ${report.handledBy}` : ''}
          </Text>
          {showArticle && (
            <Anchor size="sm" component="button" type="button" onClick={() => go(`articles/${report.articleId}`)}>
              {report.articleTitle ?? `Article ${report.articleId} (deleted)`}
            </Anchor>
          )}
        </Group>
        {report.claim && <ReportedClaim claim={report.claim} />}
        {report.quote && (
          <Text size="sm" fs="italic">
            “{report.quote}”
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {report.details}
        </Text>
        <Group gap="xs">
          {report.status === 'open' ? (
            <>
              <Button size="xs" variant="light" color="green" loading={setStatus.isPending} onClick={() => mark('resolved')}>
                Resolved
              </Button>
              <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => mark('dismissed')}>
                Dismiss
              </Button>
              <Button size="xs" variant="default" color="red" loading={setStatus.isPending} onClick={() => mark('spam')}>
                Spam
              </Button>
            </>
          ) : (
            <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => mark('open')}>
              Reopen
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The open reports of every article, newest first, each a link to its article beside its claims. */
export function ErrorReportQueue() {
  const reports = useErrorReports({ status: 'open' });
  const open = reports.data ?? [];
  if (open.length === 0) return null;
  return (
    <details data-testid="error-report-queue">
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>
        {open.length} open error report{open.length === 1 ? '' : 's'} from readers
      </summary>
      <Stack gap="xs" mt="xs">
        {open.map((report) => (
          <ReportCard key={report.id} report={report} showArticle />
        ))}
      </Stack>
    </details>
  );
}

interface NoteDraft {
  kind: CorrectionKind;
  text: string;
  /** The links of the new reports an update is written from. */
  covers?: string[];
}

/** An update note drafted from the new reports: each attributed to its outlet, for the editor to edit. */
function updateDraftFrom(reports: StoryReport[]): NoteDraft {
  const lines = reports.map((report) => `${report.outlet} reports: ${report.title.replace(/[.\s]+$/, '')}.`);
  return {
    kind: 'update',
    text: `Since this article was published: ${lines.join(' ')}`,
    covers: reports.flatMap((report) => (report.link ? [report.link] : [])),
  };
}

/** Adds a dated correction or update note to a published article. */
function NoteForm({ article, draft, setDraft }: { article: AdminArticle; draft: NoteDraft; setDraft: (draft: NoteDraft) => void }) {
  const { kind, text } = draft;
  const add = useAddCorrection({
    onSuccess: () => {
      setDraft({ kind, text: '' });
      showAlert(`${CORRECTION_KIND_LABELS[kind]} added: it is on the article, in its feed item and on /corrections.`);
    },
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({
      articleId: article.id,
      kind,
      text: text.trim(),
      version: article.version,
      ...(kind === 'update' && draft.covers?.length ? { covers: draft.covers } : {}),
    });
  };
  const tooShort = text.trim().length < CORRECTION_TEXT_MIN;
  return (
    <form onSubmit={submit} aria-label="Add a correction or update note">
      <Stack gap="xs">
        <SegmentedControl
          aria-label="Kind of note"
          value={kind}
          onChange={(value) => setDraft({ ...draft, kind: value as CorrectionKind })}
          data={[
            { value: 'correction', label: 'Correction' },
            { value: 'update', label: 'Update' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Textarea
          label={kind === 'correction' ? 'What was wrong, and what is right' : 'What happened since publication'}
          value={text}
          onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
          maxLength={CORRECTION_TEXT_MAX}
          autosize
          minRows={2}
        />
        <Button type="submit" disabled={tooShort} loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Publish {kind === 'correction' ? 'correction' : 'update note'}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The article's public record beside its claims: its readers' error reports and its dated
 * corrections and update notes (a published article takes new ones).
 */
export function ArticlePublicRecord({ article }: { article: AdminArticle }) {
  const reports = useErrorReports({ article: article.id });
  const fresh = useNewReports(article.id, article.approved).data?.reports ?? [];
  const [draft, setDraft] = useState<NoteDraft>({ kind: 'correction', text: '' });
  return (
    <Paper withBorder p="lg" data-testid="article-public-record">
      <Stack>
        {fresh.length > 0 && (
          <Alert color="blue" variant="light" title={`${fresh.length} new report${fresh.length === 1 ? '' : 's'} since publication`} data-testid="new-reports">
            <Stack gap={4}>
              {fresh.map((report) => (
                <Text key={report.link ?? `${report.outlet}${report.title}`} size="sm">
                  <b>{report.outlet}</b>:{' '}
                  {report.link ? (
                    <Anchor href={report.link} target="_blank" rel="noopener noreferrer" size="sm">
                      {report.title}
                    </Anchor>
                  ) : (
                    report.title
                  )}
                  {report.publishedAt ? ` (${formatShortDate(report.publishedAt)})` : ''}
                </Text>
              ))}
              <Button size="xs" variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setDraft(updateDraftFrom(fresh))}>
                Draft an update from them
              </Button>
            </Stack>
          </Alert>
        )}
        <Title order={4}>Error reports from readers</Title>
        {reports.data?.length ? (
          reports.data.map((report) => <ReportCard key={report.id} report={report} />)
        ) : (
          <Text size="sm" c="dimmed">
            No reports.
          </Text>
        )}
        <Title order={4}>Corrections and updates</Title>
        {article.corrections.map((note) => (
          <Alert
            key={note.id}
            variant="light"
            color={note.kind === 'correction' ? 'orange' : 'blue'}
            title={`${CORRECTION_KIND_LABELS[note.kind]}, ${formatShortDate(note.createdAt)}`}
          >
            {note.text}
          </Alert>
        ))}
        {article.approved ? (
          <NoteForm article={article} draft={draft} setDraft={setDraft} />
        ) : (
          <Text size="sm" c="dimmed">
            A draft takes no notes: edit it instead.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Published stories that new reports came in on since publication, each a way to its editor. */
export function StoriesWithNewReports() {
  const { go } = useAdminLocation();
  const stories = useStoriesWithNewReports().data ?? [];
  if (stories.length === 0) return null;
  return (
    <Stack gap={4} data-testid="stories-with-new-reports">
      {stories.map((story) => (
        <Text key={story.articleId} size="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => go(`articles/${story.articleId}`)}>
            {story.title}
          </Anchor>
          : {story.count} new report{story.count === 1 ? '' : 's'} since publication
        </Text>
      ))}
    </Stack>
  );
}
