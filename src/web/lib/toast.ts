import { notifications } from '@mantine/notifications';

// One toast at a time, 5 s: docs/product.md §6 (API conventions). The limit is set on
// <Notifications limit={1} />; cleaning first makes a new toast replace the current one instead
// of queueing behind it.
const AUTO_CLOSE_MS = 5000;

export function toastSuccess(title: string, message?: string) {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color: 'teal', autoClose: AUTO_CLOSE_MS });
}

/** Failure toasts use the destructive style and show the error's message as description. */
export function toastError(title: string, error?: unknown) {
  notifications.clean();
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  notifications.show({ title, message: message ?? '', color: 'red', autoClose: AUTO_CLOSE_MS });
}

/** A neutral outcome (a checkout the user left): neither success nor failure. */
export function toastInfo(title: string, message?: string) {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color: 'blue', autoClose: AUTO_CLOSE_MS });
}
