/**
 * Every query key the web app caches under, in one place: features invalidate each other's data
 * (an alert change moves the stats; a reply moves the mentions and the stats) without importing
 * each other. A key's first element names its family; invalidating the family covers them all.
 * Grouped by the feature (and server area) that serves them.
 */
export const queryKeys = {
  /** accounts: the session. Kept when everything else is dropped at sign-in and sign-out. */
  user: ['user'] as const,
  /** accounts: who the user is on each site (Settings → Profile), to tell their replies. */
  identities: ['identities'] as const,
  /** The server's settings the app shows (GET /api/site): the support address. */
  site: ['site'] as const,
  /**
   * alerts: the list is the family key itself, so invalidating the list also covers each
   * alert's own reads (its status, and the monitoring the diagnostic page shows).
   */
  alerts: {
    all: ['alerts'] as const,
    errorInfo: (id: string) => ['alerts', id, 'error-info'] as const,
    monitoring: (id: string) => ['alerts', id, 'monitoring'] as const,
    filterScopeNotice: ['alerts', 'filter-scope-notice'] as const,
  },
  /** mentions: lists (dashboard, /mentions with its filters) and the activity chart. */
  mentions: {
    all: ['mentions'] as const,
    lists: ['mentions', 'list'] as const,
    list: (filters: Record<string, string | undefined>, limit: number) =>
      ['mentions', 'list', filters, limit] as const,
    activity: (days: number) => ['mentions', 'activity', days] as const,
  },
  /** mentions: the stats row (counts and plan limits), a family of its own. */
  stats: ['stats'] as const,
  /** analytics: a period's figures (/analytics); new mentions, replies and keywords move them. */
  analytics: {
    all: ['analytics'] as const,
    period: (days: number) => ['analytics', days] as const,
  },
  ingestion: {
    status: ['ingestion-status'] as const,
    redditAccess: ['reddit-access'] as const,
  },
  email: {
    digestConfig: ['digest-config'] as const,
  },
  /**
   * channels: the list and the failed deliveries are one family (a retry or a delete moves
   * both); the feed URLs are their own.
   */
  channels: {
    all: ['channels'] as const,
    list: ['channels', 'list'] as const,
    deadLetters: ['channels', 'dead-letters'] as const,
  },
  feeds: ['feeds'] as const,
  /** exclusions: the user's global exclusions and what they filtered today. */
  exclusions: ['exclusions'] as const,
  /**
   * relevance: a keyword's filter (switch, labels, figures) and the hidden counts; a thumbs
   * moves both, so they are one family.
   */
  relevance: {
    all: ['relevance'] as const,
    alert: (alertId: number) => ['relevance', 'alert', alertId] as const,
    hidden: (alertId: string | undefined) => ['relevance', 'hidden', alertId ?? 'all'] as const,
  },
  /**
   * workspaces: the list (the switcher, the current role) and each one's members and pending
   * invitations. Switching resets every other family: each read belongs to the workspace it
   * was made in (features/workspaces/enter-workspace.ts).
   */
  workspaces: {
    all: ['workspaces'] as const,
    list: ['workspaces', 'list'] as const,
    members: (id: number) => ['workspaces', id, 'members'] as const,
  },
  /** api-keys: the current workspace's API keys (Settings → API). */
  apiKeys: ['api-keys'] as const,
  /** preview: what a keyword (with its dialog's options) matched in the last hour. */
  preview: (input: object) => ['preview', input] as const,
  billing: {
    /** The family of the user's own subscription data below. */
    subscription: ['subscription'] as const,
    current: ['subscription', 'current'] as const,
    pausedAlerts: ['subscription', 'paused-alerts'] as const,
    payments: ['subscription', 'payments'] as const,
    plans: ['subscription-plans'] as const,
    testCheckout: (id: string) => ['test-checkout', id] as const,
  },
};

/**
 * Mutations others look out for: while the session is ending (logout, account deletion) the
 * live stream's refetch of what is on screen would only be answered 401.
 */
export const mutationKeys = {
  endSession: ['end-session'] as const,
};
