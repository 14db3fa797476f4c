import { NOTIFICATION_LABELS } from '../alert-form-values';
import type { NotificationFilter, StatusFilter } from '../filter-alerts';

export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export const NOTIFICATION_OPTIONS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All notifications' },
  { value: 'realtime', label: NOTIFICATION_LABELS.realtime },
  { value: 'email', label: NOTIFICATION_LABELS.email },
];

export const labelOf = <T extends string>(options: { value: T; label: string }[], value: T) =>
  options.find((option) => option.value === value)?.label ?? value;
