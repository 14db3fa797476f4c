import type { IngestionStatus, ListingStatus } from '@shared/api/ingestion';

/** How monitoring times and listings read, on the dashboard and the diagnostic page. */

/** "1 listing", "1,204 requests". */
export const plural = (n: number, word: string) =>
  `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** "12 s ago", "4 min ago", "2 h ago". */
export function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} d ago`;
}

/**
 * A listing's read interval: "1.5 s", "20 s", "4 min". The scheduler's intervals are fractional
 * ("20.291 s" said more than anyone needs); a tenth of a second matters only under 10 s.
 */
export function intervalLabel(seconds: number): string {
  if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

/** "12:04", or "Nov 21, 12:04" when not today. */
export function clockTime(iso: string, now: number, locale?: string): string {
  const date = new Date(iso);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return date.toLocaleString(locale, {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "r/all · new posts", "r/saas+startups · comments". */
export function listingLabel(listing: Pick<ListingStatus, 'scope' | 'kind' | 'subreddits'>) {
  const where = listing.scope === 'all' ? 'r/all' : `r/${listing.subreddits.join('+')}`;
  return `${where} · ${listing.kind === 'posts' ? 'new posts' : 'comments'}`;
}

/** A listing's gaps of the last 24 h: "none", or "2 (~340 items)". */
export function gapsLabel(gaps: ListingStatus['gaps24h']) {
  return gaps.count === 0
    ? 'none'
    : `${gaps.count} (~${gaps.estimatedItems.toLocaleString()} items)`;
}

/**
 * How far behind its cursor a listing re-reads for late items: "checked back 60 items (1 s)",
 * or "not checked yet".
 */
export function lateLabel(
  listing: Pick<ListingStatus, 'lateCheckedBackItems' | 'lateCheckedBackSeconds'>,
) {
  const items = listing.lateCheckedBackItems;
  if (items === null) return 'not checked yet';
  const seconds = listing.lateCheckedBackSeconds;
  const span =
    seconds === null
      ? ''
      : ` (${seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`})`;
  return `checked back ${items.toLocaleString('en-US')} ${items === 1 ? 'item' : 'items'}${span}`;
}

/**
 * The items of the last 24 h by the read that caught them: "99.2% live · 0.8% re-read", and
 * "· 0.1% by id" where the post-id enumeration found any.
 */
export function caughtLabel(caught: ListingStatus['caught24h']) {
  const total = caught.live + caught.reread + caught.byId;
  if (total === 0) return 'none yet';
  const share = (n: number) => `${((n * 100) / total).toFixed(n === 0 || n === total ? 0 : 1)}%`;
  const byId = caught.byId > 0 ? ` · ${share(caught.byId)} by id` : '';
  return `${share(caught.live)} live · ${share(caught.reread)} re-read${byId}`;
}

/** The post-id enumeration's line: "Posts by id: 12 requests in the last hour · 3 found (24 h)". */
export function postIdsLabel(postIds: NonNullable<IngestionStatus['postIds']>) {
  const parts = [
    `${plural(postIds.requestsLastHour, 'request')} in the last hour`,
    `${plural(postIds.found24h, 'post')} found that no listing showed (24 h)`,
  ];
  if (postIds.behindIds > 0) parts.push(`${plural(postIds.behindIds, 'id')} still to check`);
  return `Posts by id: ${parts.join(' · ')}`;
}
