/**
 * Where a hydrating root reports what it could not hydrate (a server/client mismatch, which React
 * recovers from by rendering that part again on the client): always logged, with a fixed prefix the
 * end-to-end suites fail on, in production builds too.
 */
export const HYDRATION_ERROR_PREFIX = '[hydration]';

export function reportHydrationError(error: unknown, info?: { componentStack?: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${HYDRATION_ERROR_PREFIX} ${message}`, info?.componentStack ?? '');
}
