import { Anchor, Badge, Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessage, useAdoptedForm } from '@ai-mind/ui';
import {
  claimMarkerId,
  claimNoteId,
  ERROR_REPORT_DETAILS_MAX,
  ERROR_REPORT_MESSAGES,
  PAGE_FORM_ACTIONS,
  type FormFlash,
  type PublicClaim,
} from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { postErrorReport } from '../../error-reports/api/error-reports-api';
import { claimFlagWords, claimSourceName, overrideLine } from './claim-words';
import '../../../components/disclosure.css';
import './claim-notes.css';

const FIELDS = ['details'] as const;

function refusalOf(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429 || error.status === 404)) {
    return serverMessage(error, ERROR_REPORT_MESSAGES.failed, ['details', 'message']) || ERROR_REPORT_MESSAGES.failed;
  }
  return ERROR_REPORT_MESSAGES.failed;
}

function flashMessage(flash: FormFlash): string {
  return [flash.notice?.message, ...Object.values(flash.fieldErrors ?? {})].filter(Boolean).join(' ') || ERROR_REPORT_MESSAGES.failed;
}

/**
 * "Report this sentence as wrong": the article's error report, tied to one claim by a hidden field. A
 * real form in a `<details>` (posted by the browser without scripts, it comes back to this page with
 * the outcome, this claim's form open); once hydrated, a JSON call answered in place.
 */
function ClaimReportForm({ articleId, claim }: { articleId: number; claim: PublicClaim }) {
  const posted = useFormFlash('errorReport', articleId);
  const flash = posted?.values?.claim === String(claim.id) ? posted : null;
  const [typed] = useState(() => (flash?.outcome === 'refused' ? (flash.values ?? {}) : {}));
  const { attach, onChange, read, clear } = useAdoptedForm(FIELDS);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const post = useMutation({
    mutationFn: (details: string) => postErrorReport(articleId, { details, claim: claim.id }),
    onSuccess: () => {
      clear();
      setOutcome({ ok: true, message: ERROR_REPORT_MESSAGES.sent.message });
    },
    onError: (error) => setOutcome({ ok: false, message: refusalOf(error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const details = read().details.trim();
    if (details === '') {
      setOutcome({ ok: false, message: ERROR_REPORT_MESSAGES.incomplete });
      return;
    }
    post.mutate(details);
  };
  const shown =
    outcome ?? (flash ? { ok: flash.outcome === 'sent', message: flash.outcome === 'sent' ? ERROR_REPORT_MESSAGES.sent.message : flashMessage(flash) } : null);
  return (
    <details className="disclosure claim-report" data-testid="claim-report" open={flash !== null || undefined}>
      <summary>Report this sentence as wrong</summary>
      <form
        aria-label="Report this sentence as wrong"
        method="post"
        action={PAGE_FORM_ACTIONS.errorReport(articleId)}
        ref={attach}
        onChange={onChange}
        onSubmit={submit}
      >
        <Stack gap="xs" mt="xs">
          {shown && <FormOutcomeAlert ok={shown.ok} title={shown.ok ? ERROR_REPORT_MESSAGES.sent.title : undefined} message={shown.message} />}
          <BackField />
          <input type="hidden" name="claim" value={claim.id} />
          <Textarea
            label="What is wrong with it?"
            name="details"
            withAsterisk
            autosize
            minRows={2}
            maxLength={ERROR_REPORT_DETAILS_MAX}
            defaultValue={typed.details}
            disabled={post.isPending}
          />
          <Button type="submit" variant="light" size="xs" loading={post.isPending} style={{ alignSelf: 'flex-start' }}>
            Send report
          </Button>
        </Stack>
      </form>
    </details>
  );
}

/** The supporting passage of one claim, its source and link, and an override said as such: the note's body and the popover's. */
export function ClaimPassage({ claim }: { claim: PublicClaim }) {
  return (
    <>
      {claim.passage ? (
        <blockquote className="claim-passage" data-testid="claim-passage">
          {`“${claim.passage}”`}
        </blockquote>
      ) : (
        <Text size="sm" data-testid="claim-passage">
          No passage of the sources supports this sentence.
        </Text>
      )}
      {claim.sourceNumber !== null && (
        <Text size="sm">
          {claimSourceName(claim)}
          {claim.link && (
            <>
              {': '}
              <Anchor href={claim.link} target="_blank" rel="noopener noreferrer" size="sm">
                {claim.sourceTitle || claim.link}
              </Anchor>
            </>
          )}
        </Text>
      )}
      {claim.override && (
        <Text size="sm" className="claim-override" data-testid="claim-override">
          <Badge color="orange" variant="light" size="sm" component="span" mr={6}>
            Published over a flag
          </Badge>
          {overrideLine(claim.override)}
          {claim.flags.length > 0 ? ` (${claimFlagWords(claim)})` : ''}
          {claim.override.note ? `. Their note: “${claim.override.note}”` : '. They left no note.'}
        </Text>
      )}
    </>
  );
}

/**
 * The notes at the end of an article: each cited sentence with the passage of its source that
 * supports it (the claim check's match), the outlet and the link, a way back to the sentence, and a
 * form to report it as wrong. Plain anchors and forms: every marker reaches its note without scripts.
 */
export function ClaimNotes({ articleId, claims }: { articleId: number; claims: PublicClaim[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="claim-notes-title" data-testid="claim-notes">
      <Title order={2} size="h4" id="claim-notes-title">
        Each sentence and its source
      </Title>
      <ol className="claim-notes">
        {claims.map((claim) => (
          <li key={claim.id} id={claimNoteId(claim.id)} data-testid="claim-note" data-overridden={claim.override ? 'true' : undefined} tabIndex={-1}>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {claim.cited && (
                  <Anchor href={`#${claimMarkerId(claim.id)}`} size="sm" aria-label="Back to the sentence" mr={6}>
                    ↩
                  </Anchor>
                )}
                {claim.sentence}
              </Text>
              <ClaimPassage claim={claim} />
              <ClaimReportForm articleId={articleId} claim={claim} />
            </Stack>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
