import { ApiError } from './api-client';
import { toastError } from './toast';

interface FormWithErrors {
  setFieldError: (path: string, error: string) => void;
  values: object;
}

/**
 * Puts the server's field errors (`details`) on the matching inputs. `aliases` maps a server
 * field to a form field, e.g. the login's `username` is the form's `email`.
 */
export function showServerFieldErrors(
  form: FormWithErrors,
  error: unknown,
  aliases: Record<string, string> = {},
) {
  if (!(error instanceof ApiError) || !error.details) return;
  for (const [field, message] of Object.entries(error.details)) {
    const target = aliases[field] ?? field;
    if (target in form.values) form.setFieldError(target, message);
  }
}

/**
 * A mutation's `onError` for a form: the server's field errors under their inputs and its
 * message in a toast titled `title`.
 */
export function failedSubmit(
  form: FormWithErrors,
  title: string,
  aliases: Record<string, string> = {},
) {
  return (error: unknown) => {
    showServerFieldErrors(form, error, aliases);
    toastError(title, error);
  };
}
