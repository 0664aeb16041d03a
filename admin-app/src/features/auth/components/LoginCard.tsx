import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '@ai-mind/ui';
import { MESSAGES } from '../../../lib/messages';
import { signInCodeOffer } from '../api/auth-api';
import { useLogin } from '../hooks/use-session';

export function LoginCard() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** Set once the server refused a sign-in and mailed a code (the username had all its attempts): the code field shows from then on. */
  const [codeOffer, setCodeOffer] = useState<string | null>(null);
  const loginMutation = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    loginMutation.mutate(
      { username: username.trim(), password, ...(codeOffer && code.trim() ? { code: code.trim() } : {}) },
      { onError: (error) => setCodeOffer((shown) => signInCodeOffer(error) ?? shown) },
    );
  };

  return (
    <Card withBorder shadow="sm" padding="xl" maw={420} mx="auto" mt={80} component="form" onSubmit={submit}>
      <Stack>
        <Title order={2}>Admin Login</Title>
        {loginMutation.isError && (
          <Alert color="red" role="alert">
            {serverMessage(loginMutation.error, MESSAGES.loginFailed)}
          </Alert>
        )}
        <TextInput label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {codeOffer && (
          <TextInput
            label="Sign-in code"
            description={codeOffer}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="1234-5678-9012"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        )}
        <Button type="submit" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </Card>
  );
}
