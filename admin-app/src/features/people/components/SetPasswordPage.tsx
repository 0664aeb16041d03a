import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS } from '../../../lib/dialogs';
import { setPasswordByLink } from '../api/people-api';

/**
 * Where an invitation or a password reset leads: the one-time token is after `#` (never sent to a
 * server in a URL), and the person chooses their own password.
 */
export function SetPasswordPage() {
  const { pathOf } = useAdminLocation();
  const token = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const setIt = useMutation({ mutationFn: setPasswordByLink });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== repeat);
    if (password === repeat) setIt.mutate({ token, password });
  };

  if (setIt.isSuccess) {
    return (
      <Card withBorder shadow="sm" padding="xl" maw={460} mx="auto" mt={80}>
        <Stack>
          <Title order={2}>Password set</Title>
          <Text>{setIt.data.message}</Text>
          <Anchor href={pathOf('')}>Go to the sign-in</Anchor>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder shadow="sm" padding="xl" maw={460} mx="auto" mt={80} component="form" onSubmit={submit} aria-label="Set your password">
      <Stack>
        <Title order={2}>Set your password</Title>
        {!token && <Alert color="red">This link is incomplete: open the whole link you were sent.</Alert>}
        {setIt.isError && (
          <Alert color="red" role="alert">
            {serverMessage(setIt.error, 'The password could not be set.', ADMIN_ERROR_FIELDS)}
          </Alert>
        )}
        {mismatch && (
          <Alert color="red" role="alert">
            The two passwords differ.
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordInput label="Repeat it" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} />
        <Button type="submit" disabled={!token} loading={setIt.isPending}>
          Set password
        </Button>
      </Stack>
    </Card>
  );
}
