import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessage } from '@ai-mind/ui';
import { NEWSLETTER_SUCCESS_MESSAGE } from '@ai-mind/contracts/web';
import { subscribeToNewsletter } from '../../newsletter/api/newsletter-api';

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
 * The footer's newsletter box (spec section 2): the address is checked here with the contract's rule
 * (and again by the server), then the visitor sees the confirmation or what went wrong.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const subscribe = useMutation({ mutationFn: subscribeToNewsletter, onSuccess: () => setEmail('') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (await newsletterSchema()).safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setInvalid(null);
    subscribe.mutate(parsed.data);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="newsletter-title">
      <Title order={2} size="h5" id="newsletter-title">
        The AI Mind, weekly
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        One email on Sunday: the week&apos;s best analysis and the AI&apos;s least charitable observations about it.
      </Text>
      {/* The contract's rule checks the address, so the browser's own bubble does not compete with it. */}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Newsletter">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            type="email"
            aria-label="Email address"
            placeholder="you@example.com"
            autoComplete="email"
            required
            style={{ flex: 1 }}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setInvalid(null);
            }}
            error={invalid}
            disabled={subscribe.isPending}
          />
          <Button type="submit" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
      </form>
      {subscribe.isSuccess && (
        <Alert color="teal" variant="light" mt="sm" role="status">
          {subscribe.data?.message ?? NEWSLETTER_SUCCESS_MESSAGE}
        </Alert>
      )}
      {subscribe.isError && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {failureMessage(subscribe.error)}
        </Alert>
      )}
    </Paper>
  );
}
