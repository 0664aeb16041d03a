import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessage, useAdoptedForm } from '@ai-mind/ui';
import { useLocation } from 'react-router';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_SUCCESS_MESSAGE, PAGE_FORM_ACTIONS } from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField } from '../../../components/page-form';
import { subscribeToNewsletter } from '../../newsletter/api/newsletter-api';

const EMAIL_FIELD = ['email'] as const;

/** The contract's rule comes with zod, which no page needs until someone subscribes: fetched on the first submit. */
const newsletterSchema = () => import('@ai-mind/contracts').then((contracts) => contracts.NewsletterRequestSchema);

export const NEWSLETTER_FAILURE_MESSAGE = 'Sorry, we could not subscribe you right now. Please try again.';

/** The server's message for this field on a 400, else the general failure message. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    try {
      const details = (JSON.parse(error.body) as { details?: { path?: string; message?: string }[] }).details;
      const emailMessage = details?.find((detail) => detail.path === 'email')?.message;
      if (emailMessage) return emailMessage;
    } catch {
      // Not JSON: the general message.
    }
    return serverMessage(error, NEWSLETTER_FAILURE_MESSAGE);
  }
  return NEWSLETTER_FAILURE_MESSAGE;
}

/**
/**
 * The footer's newsletter box (docs/product.md#pages): the address is checked here with the contract's rule
 * (and again by the server), then the visitor sees the confirmation or what went wrong. A real form:
 * posted by the browser before the scripts run (or without them), the server answers with the page
 * showing the same confirmation or error, the address kept.
 */
export function NewsletterBox() {
  const flash = useFormFlash('newsletter');
  const { pathname } = useLocation();
  // What the server put back in the field, fixed at mount: the field is the reader's from then on.
  const [typed] = useState(() => flash?.values?.email);
  const [invalid, setInvalid] = useState<string | null>(flash?.fieldErrors?.email ?? null);
  // The server's outcome is shown until the reader subscribes through the app.
  const [flashShown, setFlashShown] = useState(flash !== null);
  const { attach, onChange, read, clear } = useAdoptedForm(EMAIL_FIELD);
  const subscribe = useMutation({ mutationFn: subscribeToNewsletter, onSuccess: () => clear() });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFlashShown(false);
    const parsed = (await newsletterSchema()).safeParse(read());
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setInvalid(null);
    // The page the consent was given on, as the form posted without scripts records it.
    subscribe.mutate({ ...parsed.data, source: pathname });
  };
  const sent = flashShown ? flash?.outcome === 'sent' : subscribe.isSuccess;
  const flashFailure = flash?.outcome === 'refused' && !flash.fieldErrors?.email ? (flash.notice?.message ?? NEWSLETTER_FAILURE_MESSAGE) : null;
  const failure = flashShown ? flashFailure : subscribe.isError ? failureMessage(subscribe.error) : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="newsletter-title">
      <Title order={2} size="h5" id="newsletter-title">
        The AI Mind, weekly
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        The latest analysis and the AI&apos;s least charitable observations about it, in your inbox.
      </Text>
      {/* The contract's rule checks the address, so the browser's own bubble does not compete with it. */}
      <form
        method="post"
        action={PAGE_FORM_ACTIONS.newsletter}
        ref={attach}
        onChange={() => {
          onChange();
          setInvalid(null);
        }}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Newsletter"
      >
        <BackField />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            type="email"
            name="email"
            aria-label="Email address"
            placeholder="you@example.com"
            autoComplete="email"
            required
            style={{ flex: 1 }}
            defaultValue={typed}
            error={invalid}
            disabled={subscribe.isPending}
          />
          <Button type="submit" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
        <Text size="xs" c="gray.7" mt="xs">
          {NEWSLETTER_CONSENT_TEXT}
        </Text>
      </form>
      {sent && (
        <Alert color="teal" variant="light" mt="sm" role="status">
          {subscribe.data?.message ?? NEWSLETTER_SUCCESS_MESSAGE}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
