import { Box, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, useAdoptedForm } from '@ai-mind/ui';
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE, PAGE_FORM_ACTIONS, type ContactRequest } from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { sendContactMessage } from '../api/contact-api';

type Field = keyof ContactRequest;
const FIELDS = ['name', 'email', 'subject', 'message', 'website'] as const satisfies readonly Field[];

/** The server's field messages of a 400, by field name. */
function fieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const details = (JSON.parse(error.body) as { details?: { path: string; message: string }[] }).details ?? [];
    return Object.fromEntries(details.map((detail) => [detail.path, detail.message]));
  } catch {
    return {};
  }
}

/**
 * Name, email, subject and message (docs/product.md #pages and #validation). A real form: posted by the browser before
 * the scripts run (or without them), the server answers with this page showing the thank-you or the
 * field errors with what was typed; once hydrated, sent through the API with the spec's alerts.
 */
export function ContactForm() {
  const flash = useFormFlash('contact');
  // The server's outcome is shown until the reader sends through the app.
  const [sentByApp, setSentByApp] = useState(false);
  const { attach, onChange, read, clear } = useAdoptedForm(FIELDS);
  // What the server put back in the fields, fixed at mount: the fields are the reader's from then on.
  const [typed] = useState(() => flash?.values ?? {});
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      clear();
      window.alert(CONTACT_SUCCESS_MESSAGE);
    },
    onError: () => window.alert(CONTACT_FAILURE_MESSAGE),
  });
  const shownFlash = sentByApp ? null : flash;
  const errors = shownFlash ? (shownFlash.fieldErrors ?? {}) : fieldErrors(send.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentByApp(true);
    send.mutate(read());
  };

  return (
    <form aria-label="Contact form" method="post" action={PAGE_FORM_ACTIONS.contact} ref={attach} onChange={onChange} onSubmit={submit}>
      <Stack gap="md">
        {shownFlash?.outcome === 'sent' && <FormOutcomeAlert ok message={CONTACT_SUCCESS_MESSAGE} />}
        {shownFlash?.outcome === 'refused' && <FormOutcomeAlert ok={false} message={shownFlash.notice?.message ?? CONTACT_FAILURE_MESSAGE} />}
        <BackField />
        <TextInput label="Name" name="name" required autoComplete="name" defaultValue={typed.name} error={errors.name} />
        <TextInput label="Email" name="email" type="email" required autoComplete="email" defaultValue={typed.email} error={errors.email} />
        <TextInput label="Subject" name="subject" required defaultValue={typed.subject} error={errors.subject} />
        <Textarea label="Message" name="message" rows={4} required defaultValue={typed.message} error={errors.message} />
        {/* A field people never see; bots fill it in. */}
        <Box aria-hidden style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Website
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </Box>
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
