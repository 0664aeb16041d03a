import { useCallback, useLayoutEffect, useRef, useState } from 'react';

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

/** A form whose fields the page's DOM owns, as `useAdoptedForm` gives it. */
export interface AdoptedForm<Name extends string> {
  /** The form element's ref (a callback). */
  attach: (form: HTMLFormElement | null) => void;
  /** For the form element's onChange (React's, which bubbles): every field's change, typed, pasted or autofilled. */
  onChange: () => void;
  /**
   * The fields as the DOM holds them, for what the app derives from them (a submit enabled once both
   * are filled): null until the app has read them, so the server's HTML and the hydrating render,
   * which cannot know what was typed, never derive anything from an empty guess.
   */
  values: Record<Name, string> | null;
  /** The fields as the DOM holds them now (on submit). */
  read: () => Record<Name, string>;
  /** Empties the fields (after a successful submit). */
  clear: () => void;
}

/**
 * The one way the public site's forms keep what a reader did before the scripts arrived: the fields
 * are uncontrolled (their text lives in the DOM, each with a `name`, a `defaultValue` at most), so
 * hydration adopts what was typed instead of resetting it to an initial state, and the app reads the
 * fields from the DOM when it mounts, on every change and on submit. The form itself is a real form
 * (method="post", an action on this site): a submit before hydration is the browser's own post.
 */
export function useAdoptedForm<Name extends string>(names: readonly Name[]): AdoptedForm<Name> {
  const form = useRef<HTMLFormElement | null>(null);
  const attach = useCallback((element: HTMLFormElement | null) => {
    form.current = element;
  }, []);
  const [values, setValues] = useState<Record<Name, string> | null>(null);
  const namesKey = names.join('\n');
  const read = useCallback((): Record<Name, string> => {
    const data = form.current ? new FormData(form.current) : null;
    return Object.fromEntries(namesKey.split('\n').map((name) => [name, String(data?.get(name) ?? '')])) as Record<Name, string>;
  }, [namesKey]);
  const onChange = useCallback(() => setValues(read()), [read]);
  // Before the first paint of the hydrated tree: what the reader typed meanwhile is what the app sees.
  useLayoutEffect(onChange, [onChange]);
  const clear = useCallback(() => {
    for (const name of namesKey.split('\n')) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = '';
    }
    onChange();
  }, [namesKey, onChange]);
  return { attach, onChange, values, read, clear };
}
