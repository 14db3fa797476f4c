import type { Alert, AlertCreateInput, DigestFrequency } from '@shared/api/alerts';
import { defaultSources, SOURCE_NAMES, type SourceName } from '@shared/sources';

/** The keyword dialog's values; notificationMethod is form-only: docs/product.md §3 (Screens). */
export type AlertFormValues = {
  keyword: string;
  subreddits: string;
  includeComments: boolean;
  titlesOnly: boolean;
  /** NumberInput hands back '' or a partial string while the user types. */
  minScore: number | string;
  notificationMethod: DigestFrequency;
  /**
   * The sites picked; null until the user picks, and the sites then follow the subreddits as
   * the server's default does (every enabled site, or Reddit alone for named subreddits).
   */
  sources: SourceName[] | null;
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
  sources: null,
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
    sources: alert.sources,
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

/**
 * The sites the form stands for: the user's pick, else the default for its subreddits; undefined
 * while the server has not said which sites it reads (the server then applies its default).
 */
export function chosenSources(
  values: Pick<AlertFormValues, 'sources' | 'subreddits'>,
  enabled: readonly SourceName[] | undefined,
): SourceName[] | undefined {
  if (values.sources) return values.sources;
  return enabled && defaultSources(enabled, values.subreddits);
}

/** The checked boxes: the chosen sites this server reads (the others have no box). */
export const checkedSources = (chosen: readonly SourceName[], enabled: readonly SourceName[]) =>
  chosen.filter((source) => enabled.includes(source));

/**
 * The boxes ticked now, with the sites this server does not read kept as the keyword had them
 * (hidden is not unchosen), in the canonical order.
 */
export function pickSources(
  chosen: readonly SourceName[],
  enabled: readonly SourceName[],
  checked: readonly string[],
): SourceName[] {
  return SOURCE_NAMES.filter((source) =>
    enabled.includes(source) ? checked.includes(source) : chosen.includes(source),
  );
}

/** "Choose at least one site" when no box this server shows is ticked. */
export function sourcesError(
  values: Pick<AlertFormValues, 'sources' | 'subreddits'>,
  enabled: readonly SourceName[] | undefined,
): string | null {
  const chosen = chosenSources(values, enabled);
  if (!chosen || !enabled) return null;
  return checkedSources(chosen, enabled).length > 0 ? null : 'Choose at least one site';
}

/**
 * The fields the dialog owns; activity (isActive/isPaused) is left to pause/resume on edit.
 * `enabled` is GET /api/site's `sources`.
 */
export function formValuesToPayload(
  values: AlertFormValues,
  enabled: readonly SourceName[] | undefined,
) {
  const sources = chosenSources(values, enabled);
  return {
    keyword: values.keyword.trim(),
    subreddits: values.subreddits.trim(),
    includeComments: values.includeComments,
    titlesOnly: values.titlesOnly,
    minScore: toMinScore(values.minScore),
    digestFrequency: toDigestFrequency(values.notificationMethod),
    ...(sources && { sources }),
  } satisfies Partial<AlertCreateInput>;
}

/** A new alert starts active and unpaused: docs/product.md §4 (Entities). */
export function formValuesToCreateInput(
  values: AlertFormValues,
  enabled: readonly SourceName[] | undefined,
): AlertCreateInput {
  return { ...formValuesToPayload(values, enabled), isActive: true, isPaused: false };
}

/**
 * What to say beside the minimum score about the chosen sites that give no score (they pass
 * any minimum, DESIGN.md §6); null when none is chosen.
 */
export function unscoredNote(chosen: readonly SourceName[] | undefined): string | null {
  const unscored = [
    chosen?.includes('bluesky') && 'Bluesky posts',
    chosen?.includes('hackernews') && 'Hacker News comments',
  ].filter((text): text is string => typeof text === 'string');
  if (unscored.length === 0) return null;
  return `${unscored.join(' and ')} have no score and pass any minimum.`;
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
