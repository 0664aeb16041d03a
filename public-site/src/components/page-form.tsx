import { Alert } from '@mantine/core';
import { FORM_BACK_FIELD } from '@ai-mind/contracts/web';
import { useFormBack } from '../app/page-state';

/** The page a form posted by the browser itself comes back to (this one). */
export function BackField() {
  return <input type="hidden" name={FORM_BACK_FIELD} value={useFormBack()} />;
}

/** An outcome the server rendered for a posted form: good news as a status, a refusal as an alert. */
export function FormOutcomeAlert({ ok, title, message }: { ok: boolean; title?: string; message: string }) {
  return (
    <Alert color={ok ? 'teal' : 'red'} variant="light" role={ok ? 'status' : 'alert'} title={title}>
      {message}
    </Alert>
  );
}
