/** The spec's admin feedback is the browser's own alert and confirm dialogs. */
export function showAlert(message: string): void {
  window.alert(message);
}

export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

/** Where the panel reads the server's words for alerts without a spec-given order: field errors first. */
export const ADMIN_ERROR_FIELDS = ['details', 'message', 'error'] as const;
/**
 * Spec 8: approve topic and approve blog show the server's details or error. Details come first: this
 * API's `error` is always the status phrase ('Bad Request'), the details say what was wrong.
 */
export const APPROVE_ERROR_FIELDS = ['details', 'error'] as const;
