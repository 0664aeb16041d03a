import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

/** The session check answering as a signed-in editor, for stubFetch. */
export const SIGNED_IN = { 'GET /api/admin/check': () => ({ status: 200, body: { authenticated: true, username: 'editor', csrfToken: 'csrf-1' } }) };

/**
 * The spec's admin feedback is the browser's alert and confirm: for each test of the calling file they
 * are replaced by recorders (confirm answers `confirmAnswer`, true unless the test says otherwise), and
 * the toast queue starts empty, since it shows one toast at a time.
 */
export function useBrowserDialogs() {
  const dialogs = { alerts: [] as string[], confirms: [] as string[], confirmAnswer: true };
  const originalAlert = window.alert;
  const originalConfirm = window.confirm;
  beforeEach(() => {
    act(() => notifications.clean());
    dialogs.alerts.length = 0;
    dialogs.confirms.length = 0;
    dialogs.confirmAnswer = true;
    window.alert = (message?: unknown) => void dialogs.alerts.push(String(message));
    window.confirm = (message?: string) => {
      dialogs.confirms.push(String(message));
      return dialogs.confirmAnswer;
    };
  });
  afterEach(() => {
    window.alert = originalAlert;
    window.confirm = originalConfirm;
  });
  return dialogs;
}
