import { Badge, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ARTICLE_STAGE_LABELS,
  REVIEW_NOTE_MAX,
  REVIEW_STEP_NAMES,
  REVIEW_STEPS,
  stepAllowedFrom,
  WRITER_STEPS,
  type ArticleReviewFields,
  type ArticleStage,
  type ReviewStep,
} from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { useAssignArticle, useAssignees, useReviewStep } from '../api/articles-api';
import { useReviewRights } from '../hooks/use-review-rights';

const STAGE_COLORS: Record<ArticleStage, string> = {
  draft: 'gray',
  in_review: 'blue',
  changes_requested: 'orange',
  ready: 'teal',
  scheduled: 'violet',
  published: 'green',
};

/** The browser's time zone, named next to every time an editor reads or picks. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const formatInZone = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso)) + ` (${TIME_ZONE})`;

export function StageBadge({ article }: { article: Pick<ArticleReviewFields, 'stage' | 'scheduledAt'> }) {
  return (
    <Badge
      color={STAGE_COLORS[article.stage]}
      data-testid="stage-badge"
      title={article.scheduledAt ? `Publishes ${formatInZone(article.scheduledAt)}` : undefined}
    >
      {ARTICLE_STAGE_LABELS[article.stage]}
    </Badge>
  );
}

/** `datetime-local`'s value (the browser's zone) for a time. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

type ReviewedSummary = ArticleReviewFields & { id: number; version: number; title: string };

/** An article's review: its stage and people, a note, the steps the signed-in account may take from here, assignment and schedule. */
export function ReviewPanel({ article }: { article: ReviewedSummary }) {
  const rights = useReviewRights();
  const [note, setNote] = useState('');
  const [at, setAt] = useState(() => localInputValue(article.scheduledAt ? new Date(article.scheduledAt) : new Date(Date.now() + 3600_000)));
  const assignees = useAssignees(rights.editsAny);
  const failed = (error: Error) => showAlert(serverMessage(error, error.message, ADMIN_ERROR_FIELDS));
  const step = useReviewStep({ onSuccess: () => setNote(''), onError: failed });
  const assign = useAssignArticle({ onError: failed });

  const mine = rights.mayChange(article);
  const steps = REVIEW_STEP_NAMES.filter(
    (name) => name !== 'schedule' && stepAllowedFrom(name, article.stage) && (rights.editsAny || (WRITER_STEPS.includes(name) && mine)),
  );
  const maySchedule = rights.editsAny && stepAllowedFrom('schedule', article.stage);
  const take = (name: ReviewStep, extra: { at?: string } = {}) =>
    step.mutate({ id: article.id, step: name, version: article.version, note: note.trim() || undefined, ...extra });

  return (
    <Stack gap="xs" mt="md" data-testid="review-panel">
      <Group gap="xs">
        <StageBadge article={article} />
        {article.scheduledAt && (
          <Text size="sm" data-testid="scheduled-at">
            Publishes {formatInZone(article.scheduledAt)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Author: {article.authorName ?? 'generated'} · Assigned to: {article.assigneeName ?? 'nobody'}
        </Text>
      </Group>
      {(steps.length > 0 || maySchedule) && (
        <Textarea
          label="Note (kept in the history)"
          placeholder="What to change, or why"
          autosize
          minRows={2}
          maxLength={REVIEW_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      )}
      <Group gap="xs">
        {steps.map((name) => (
          <Button
            key={name}
            size="xs"
            variant={name === 'publish' ? 'filled' : 'light'}
            loading={step.isPending && step.variables?.step === name}
            onClick={() => take(name)}
          >
            {REVIEW_STEPS[name].label}
          </Button>
        ))}
      </Group>
      {maySchedule && (
        <Group gap="xs" align="flex-end">
          <TextInput type="datetime-local" label={`Publish at (${TIME_ZONE})`} value={at} onChange={(event) => setAt(event.currentTarget.value)} w={260} />
          <Button
            size="xs"
            variant="light"
            color="violet"
            loading={step.isPending && step.variables?.step === 'schedule'}
            onClick={() => at && take('schedule', { at: new Date(at).toISOString() })}
          >
            {article.stage === 'scheduled' ? 'Move schedule' : 'Schedule'}
          </Button>
        </Group>
      )}
      {rights.editsAny && assignees.data && (
        <Select
          label="Assigned to"
          placeholder="Nobody"
          clearable
          w={260}
          data={assignees.data.map((account) => ({
            value: String(account.id),
            label: account.role ? `${account.username} (${account.role})` : account.username,
          }))}
          value={article.assigneeId === null ? null : String(article.assigneeId)}
          onChange={(value) => assign.mutate({ id: article.id, assigneeId: value === null ? null : Number(value), version: article.version })}
        />
      )}
    </Stack>
  );
}
