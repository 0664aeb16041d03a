import { Component, Suspense, type ReactNode } from 'react';
import './remote-boundary.css';

interface State {
  error: Error | null;
}

/**
 * Catches a remote that fails to load (a deploy in progress, a network blip) and offers a reload. Plain
 * markup: it runs before (or without) any app's Mantine theme.
 */
export class RemoteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="shell-remote-error" role="alert">
        <h2>This part of the site could not be loaded</h2>
        <p>{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

export function RemoteBoundary({ children }: { children: ReactNode }) {
  return (
    <RemoteErrorBoundary>
      <Suspense fallback={<div className="shell-loader" role="status" aria-label="Loading" />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
