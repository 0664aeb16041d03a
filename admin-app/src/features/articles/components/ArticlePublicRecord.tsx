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
} from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useAddCorrection, useErrorReports, useSetErrorReportStatus } from '../api/public-record-api';

const STATUS_COLOURS: Record<ErrorReportStatus, string> = { open: 'red', resolved: 'green', dismissed: 'gray', spam: 'dark' };

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

/** Adds a dated correction or update note to a published article. */
function NoteForm({ article }: { article: AdminArticle }) {
  const [kind, setKind] = useState<CorrectionKind>('correction');
  const [text, setText] = useState('');
  const add = useAddCorrection({
    onSuccess: () => {
      setText('');
      showAlert(`${CORRECTION_KIND_LABELS[kind]} added: it is on the article, in its feed item and on /corrections.`);
    },
    onError: (error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ articleId: article.id, kind, text: text.trim(), version: article.version });
  };
  const tooShort = text.trim().length < CORRECTION_TEXT_MIN;
  return (
    <form onSubmit={submit} aria-label="Add a correction or update note">
      <Stack gap="xs">
        <SegmentedControl
          aria-label="Kind of note"
          value={kind}
          onChange={(value) => setKind(value as CorrectionKind)}
          data={[
            { value: 'correction', label: 'Correction' },
            { value: 'update', label: 'Update' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Textarea
          label={kind === 'correction' ? 'What was wrong, and what is right' : 'What happened since publication'}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
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
  return (
    <Paper withBorder p="lg" data-testid="article-public-record">
      <Stack>
        <Title order={4}>Error reports from readers</Title>
        {reports.data?.length ? reports.data.map((report) => <ReportCard key={report.id} report={report} />) : <Text size="sm" c="dimmed">No reports.</Text>}
        <Title order={4}>Corrections and updates</Title>
        {article.corrections.map((note) => (
          <Alert key={note.id} variant="light" color={note.kind === 'correction' ? 'orange' : 'blue'} title={`${CORRECTION_KIND_LABELS[note.kind]}, ${formatShortDate(note.createdAt)}`}>
            {note.text}
          </Alert>
        ))}
        {article.approved ? <NoteForm article={article} /> : <Text size="sm" c="dimmed">A draft takes no notes: edit it instead.</Text>}
      </Stack>
    </Paper>
  );
}
