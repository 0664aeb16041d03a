import { Alert, Center, Loader, Stack } from '@mantine/core';
import { AdminDashboard } from '../features/dashboard/components/AdminDashboard';
import { LoginCard } from '../features/auth/components/LoginCard';
import { useSession } from '../features/auth/hooks/use-session';
import { AccountProvider } from '../lib/account';

export function AdminPage() {
  const session = useSession();
  if (session.isLoading) {
    return (
      <Center mt={80}>
        <Loader aria-label="Checking session" />
      </Center>
    );
  }
  if (!session.data?.authenticated) {
    return (
      <Stack>
        {session.isError && (
          <Alert color="yellow" maw={420} mx="auto" mt="md">
            Could not check the session: {session.error.message}
          </Alert>
        )}
        <LoginCard />
      </Stack>
    );
  }
  return (
    <AccountProvider value={session.data.account}>
      <AdminDashboard username={session.data.username} />
    </AccountProvider>
  );
}
