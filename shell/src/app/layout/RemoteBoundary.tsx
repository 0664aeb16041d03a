import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Component, Suspense, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a remote that fails to load (a deploy in progress, a network blip) and offers a reload. */
class RemoteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mt={80}>
        <Stack align="center" maw={480}>
          <Alert color="red" title="This part of the site could not be loaded">
            {this.state.error.message}
          </Alert>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    );
  }
}

export function RemoteBoundary({ children }: { children: ReactNode }) {
  return (
    <RemoteErrorBoundary>
      <Suspense
        fallback={
          <Center mt={80}>
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        {children}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
