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
): boolean {
  if (!(error instanceof ApiError) || !error.details) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.details)) {
    const target = aliases[field] ?? field;
    if (target in form.values) {
      form.setFieldError(target, message);
      shown = true;
    }
  }
  return shown;
}

/**
 * A mutation's `onError` for a form: the server's field errors under their inputs, or, when
 * none of them belongs to an input, its message in a toast titled `title` (never both: a toast
 * repeating what the form shows only covers the screen).
 */
export function failedSubmit(
  form: FormWithErrors,
  title: string,
  aliases: Record<string, string> = {},
) {
  return (error: unknown) => {
    if (!showServerFieldErrors(form, error, aliases)) toastError(title, error);
  };
}
