import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '@ai-mind/ui';
import { MESSAGES } from '../../../lib/messages';
import { useLogin } from '../hooks/use-session';

export function LoginCard() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    loginMutation.mutate({ username: username.trim(), password });
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
        <Button type="submit" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </Card>
  );
}
