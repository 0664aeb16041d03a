import { ApiError } from '@ai-mind/ui';

/** The spec's admin feedback is the browser's own alert and confirm dialogs. */
export function showAlert(message: string): void {
  window.alert(message);
}

export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

/** What the server said went wrong (its details, message or error, in that order), or the fallback. */
export function serverError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { details?: { message?: string }[]; message?: string; error?: string };
      const details = body.details?.map((d) => d.message).filter(Boolean).join('; ');
      return details || body.message || body.error || fallback;
    } catch {
      return fallback;
    }
  }
  return fallback;
}
