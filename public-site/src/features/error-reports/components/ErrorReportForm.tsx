import { Button, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessage, useAdoptedForm } from '@ai-mind/ui';
import { ERROR_REPORT_DETAILS_MAX, ERROR_REPORT_MESSAGES, ERROR_REPORT_QUOTE_MAX, PAGE_FORM_ACTIONS, type FormFlash } from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { postErrorReport } from '../api/error-reports-api';
import '../../../components/disclosure.css';

const FIELDS = ['details', 'quote'] as const;

/** Why the server turned a report away (a field, spam screening, a repeat, the rate limit), or the general failure. */
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
 * "Report an error": what is wrong and, if the reader likes, the sentence at fault. A real form in a
 * `<details>`: posted by the browser before the scripts run (or without them) it comes back to this
 * page with the outcome; once hydrated it is sent as a JSON call and answered in place. The editors
 * read reports in their queue next to the article's claims.
 */
export function ErrorReportForm({ articleId, claimIds = [] }: { articleId: number; claimIds?: number[] }) {
  const posted = useFormFlash('errorReport', articleId);
  // A report on one of the page's sentences is answered in that sentence's note (ClaimNotes), not here.
  const flash = posted?.values?.claim && claimIds.includes(Number(posted.values.claim)) ? null : posted;
  const [typed] = useState(() => flash?.values ?? {});
  const { attach, onChange, read, clear } = useAdoptedForm(FIELDS);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const post = useMutation({
    mutationFn: (body: { details: string; quote?: string }) => postErrorReport(articleId, body),
    onSuccess: () => {
      clear();
      setOutcome({ ok: true, message: ERROR_REPORT_MESSAGES.sent.message });
    },
    onError: (error) => setOutcome({ ok: false, message: refusalOf(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const now = read();
    if (now.details.trim() === '') {
      setOutcome({ ok: false, message: ERROR_REPORT_MESSAGES.incomplete });
      return;
    }
    post.mutate({ details: now.details.trim(), ...(now.quote.trim() ? { quote: now.quote.trim() } : {}) });
  };

  const shown =
    outcome ?? (flash ? { ok: flash.outcome === 'sent', message: flash.outcome === 'sent' ? ERROR_REPORT_MESSAGES.sent.message : flashMessage(flash) } : null);
  return (
    <details className="disclosure" data-testid="report-an-error" open={flash !== null || undefined}>
      <summary>Report an error</summary>
      <form aria-label="Report an error" method="post" action={PAGE_FORM_ACTIONS.errorReport(articleId)} ref={attach} onChange={onChange} onSubmit={submit}>
        <Stack gap="sm" mt="sm">
          {shown && <FormOutcomeAlert ok={shown.ok} title={shown.ok ? ERROR_REPORT_MESSAGES.sent.title : undefined} message={shown.message} />}
          <BackField />
          <Textarea
            label="What is wrong?"
            name="details"
            withAsterisk
            autosize
            minRows={3}
            maxLength={ERROR_REPORT_DETAILS_MAX}
            defaultValue={typed.details}
            disabled={post.isPending}
          />
          <Textarea
            label="The sentence at fault (optional)"
            name="quote"
            autosize
            minRows={1}
            maxLength={ERROR_REPORT_QUOTE_MAX}
            defaultValue={typed.quote}
            disabled={post.isPending}
          />
          <Button type="submit" variant="light" loading={post.isPending} style={{ alignSelf: 'flex-start' }}>
            Send report
          </Button>
        </Stack>
      </form>
    </details>
  );
}
