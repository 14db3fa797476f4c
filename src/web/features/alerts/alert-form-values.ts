import type { Alert, AlertCreateInput, DigestFrequency } from '@shared/api/alerts';

/** The keyword dialog's values; notificationMethod is form-only: docs/product.md §3 (Screens). */
export type AlertFormValues = {
  keyword: string;
  subreddits: string;
  includeComments: boolean;
  titlesOnly: boolean;
  /** NumberInput hands back '' or a partial string while the user types. */
  minScore: number | string;
  notificationMethod: DigestFrequency;
};

export const NOTIFICATION_LABELS: Record<DigestFrequency, string> = {
  realtime: 'Dashboard only',
  email: 'Dashboard + Email',
};

export const DEFAULT_FORM_VALUES: AlertFormValues = {
  keyword: '',
  subreddits: '',
  includeComments: true,
  titlesOnly: false,
  minScore: 1,
  notificationMethod: 'realtime',
};

/** Editing starts from the stored alert; "saas,startups" reads back as "saas, startups". */
export function alertToFormValues(alert: Alert): AlertFormValues {
  return {
    keyword: alert.keyword,
    subreddits: (alert.subreddits ?? '').split(',').filter(Boolean).join(', '),
    includeComments: alert.includeComments,
    titlesOnly: alert.titlesOnly,
    minScore: alert.minScore,
    notificationMethod: alert.digestFrequency === 'email' ? 'email' : 'realtime',
  };
}

/**
 * `minScore` is a number, at least 1; anything non-numeric becomes 1. See
 * docs/product.md §4 (Entities).
 */
export function toMinScore(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || String(value).trim() === '') return 1;
  return Math.max(1, Math.trunc(n));
}

/**
 * Email → digestFrequency email; otherwise it takes the method's value (realtime). See
 * docs/product.md §3 (Screens).
 */
export function toDigestFrequency(method: string | undefined): DigestFrequency {
  return method === 'email' ? 'email' : 'realtime';
}

/** The fields the dialog owns; activity (isActive/isPaused) is left to pause/resume on edit. */
export function formValuesToPayload(values: AlertFormValues) {
  return {
    keyword: values.keyword.trim(),
    subreddits: values.subreddits.trim(),
    includeComments: values.includeComments,
    titlesOnly: values.titlesOnly,
    minScore: toMinScore(values.minScore),
    digestFrequency: toDigestFrequency(values.notificationMethod),
  } satisfies Partial<AlertCreateInput>;
}

/** A new alert starts active and unpaused: docs/product.md §4 (Entities). */
export function formValuesToCreateInput(values: AlertFormValues): AlertCreateInput {
  return { ...formValuesToPayload(values), isActive: true, isPaused: false };
}

/**
 * True when an edit should open with "Advanced Options" expanded: a matching option differs
 * from its default (the notification method is outside that section).
 */
export function hasAdvancedChanges(values: AlertFormValues): boolean {
  return (
    values.includeComments !== DEFAULT_FORM_VALUES.includeComments ||
    values.titlesOnly !== DEFAULT_FORM_VALUES.titlesOnly ||
    toMinScore(values.minScore) !== 1
  );
}
