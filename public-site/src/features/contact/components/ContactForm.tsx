import { Box, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@ai-mind/ui';
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE, type ContactRequest } from '@ai-mind/contracts/web';
import { sendContactMessage } from '../api/contact-api';

type Fields = Omit<ContactRequest, 'website'>;
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };

/** The server's field messages of a 400, by field name. */
function fieldErrors(error: unknown): Partial<Record<keyof Fields, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const details = (JSON.parse(error.body) as { details?: { path: string; message: string }[] }).details ?? [];
    return Object.fromEntries(details.map((detail) => [detail.path, detail.message]));
  } catch {
    return {};
  }
}

/** Name, email, subject and message (spec sections 2 and 5); the spec's alerts on success and failure. */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [website, setWebsite] = useState('');
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      setFields(EMPTY);
      window.alert(CONTACT_SUCCESS_MESSAGE);
    },
    onError: () => window.alert(CONTACT_FAILURE_MESSAGE),
  });
  const errors = fieldErrors(send.error);
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => setFields({ ...fields, [name]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ ...fields, website });
  };

  return (
    <Stack component="form" gap="md" aria-label="Contact form" onSubmit={submit}>
      <TextInput label="Name" name="name" required autoComplete="name" value={fields.name} onChange={set('name')} error={errors.name} />
      <TextInput label="Email" name="email" type="email" required autoComplete="email" value={fields.email} onChange={set('email')} error={errors.email} />
      <TextInput label="Subject" name="subject" required value={fields.subject} onChange={set('subject')} error={errors.subject} />
      <Textarea label="Message" name="message" rows={4} required value={fields.message} onChange={set('message')} error={errors.message} />
      {/* A field people never see; bots fill it in. */}
      <Box aria-hidden style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          Website
          <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} />
        </label>
      </Box>
      <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
        Send Message
      </Button>
    </Stack>
  );
}
