import { ago, clockTime, lateLabel, listingLabel, plural } from '../../lib/monitoring-format';
import { SITE_WIDE_NEEDS_CREDENTIALS, type IngestionStatus } from '@shared/api/ingestion';
import { siteHealth, type SiteHealth } from './site-health';

export type HealthTone = 'ok' | 'warning' | 'error' | 'off';

export { ago, clockTime, listingLabel };

/** The one-line summary of the dashboard, and the warnings under it. */
export type HealthSummary = {
  tone: HealthTone;
  /** Reddit's state (the listings, the client). */
  headline: string;
  warnings: string[];
  /** Each other site's state in words ("Hacker News: read 12 s ago"); none on older servers. */
  sites: SiteHealth[];
};
type RedditSummary = Omit<HealthSummary, 'sites'>;

/**
 * Reddit's line beside the other sites': named when it does not name itself, and the tone of
 * the whole (a failing site is a warning; Reddit idle while another site is read is no alarm).
 */
export function summarizeHealth(
  status: IngestionStatus,
  now: number,
  locale?: string,
): HealthSummary {
  const reddit = summarizeReddit(status, now, locale);
  const sites = siteHealth(status.sources, now);
  if (sites.length === 0) return { ...reddit, sites };
  const read = status.sources.some(
    (site) => site.source !== 'reddit' && (site.state === 'ok' || site.state === 'starting'),
  );
  let tone = reddit.tone === 'off' && read ? 'ok' : reddit.tone;
  if (tone === 'ok' && sites.some((site) => site.failing)) tone = 'warning';
  const headline = /\bReddit\b/.test(reddit.headline)
    ? reddit.headline
    : `Reddit · ${reddit.headline}`;
  return { tone, headline, warnings: reddit.warnings, sites };
}

/** A listing silent for this long (with no error to explain it) is worth a warning. */
const STALE_MS = 3 * 60_000;

/** Silence means broken, not quiet: every state says what is being done or what is wrong. */
function summarizeReddit(status: IngestionStatus, now: number, locale?: string): RedditSummary {
  if (status.mode === 'disabled') {
    return {
      tone: 'off',
      headline: 'Reddit monitoring is turned off (REDDIT_ENABLED=false)',
      warnings: [],
    };
  }
  const limited = status.mode === 'no-credentials';
  // Limited mode monitors subreddit alerts only: the site-wide ones are stored, not monitored.
  const warnings: string[] =
    limited && status.siteWideUnmonitored > 0 ? [SITE_WIDE_NEEDS_CREDENTIALS] : [];
  for (const listing of status.listings) {
    // The client's own error is the headline already; the listings it failed need no repeat.
    if (listing.lastError && listing.lastError === status.client.lastError) continue;
    if (listing.lastError) {
      const since = listing.errorSince
        ? ` (since ${clockTime(listing.errorSince, now, locale)})`
        : '';
      warnings.push(`${listingLabel(listing)}: ${listing.lastError}${since}`);
    } else if (listing.lastSuccessAt && now - Date.parse(listing.lastSuccessAt) > STALE_MS) {
      warnings.push(
        `${listingLabel(listing)}: no answer from Reddit since ${ago(listing.lastSuccessAt, now)}`,
      );
    }
  }
  for (const subreddit of status.inaccessibleSubreddits) {
    warnings.push(
      subreddit.access === 'forbidden'
        ? `r/${subreddit.name} is private or quarantined (Reddit answered 403): its alerts cannot be monitored`
        : `r/${subreddit.name} does not exist or is banned (Reddit answered 404): its alerts cannot be monitored`,
    );
  }

  const { client } = status;
  if (client.lastError) {
    const unreachable =
      client.lastErrorKind === 'unreachable' || client.lastErrorKind === 'timeout';
    const headline =
      unreachable && client.errorSince
        ? `Reddit unreachable since ${clockTime(client.errorSince, now, locale)}`
        : client.lastError;
    return { tone: 'error', headline, warnings };
  }
  if (status.listings.length === 0) {
    if (limited && warnings.length > 0) {
      return { tone: 'warning', headline: SITE_WIDE_NEEDS_CREDENTIALS, warnings: [] };
    }
    const start = limited
      ? 'Limited mode (no Reddit API credentials): add a keyword with subreddits to start'
      : 'Nothing to monitor yet: add a keyword to start';
    return { tone: 'off', headline: start, warnings };
  }

  const updates = status.listings
    .map((l) => l.lastSuccessAt)
    .filter((at): at is string => at !== null)
    .sort();
  const last = updates.at(-1);
  const gaps = status.gapsToday;
  const parts = [
    limited
      ? `Limited mode${status.feedToken ? ' (RSS feeds with your feed token)' : ''}: reading ${plural(status.listings.length, status.feedToken ? 'feed' : 'public feed')}, one request every ${plural(status.feedSeconds ?? 60, 'second')}`
      : `Monitoring ${plural(status.listings.length, 'listing')}`,
    last ? `last update ${ago(last, now)}` : 'first check pending',
    gaps.count === 0
      ? 'no gaps today'
      : `${plural(gaps.count, 'gap')} today (about ${plural(gaps.estimatedItems, 'item')} missed)`,
  ];
  // The re-reads behind the cursors: how deep a late item may enter and still be found (the
  // least of them).
  const checked = status.listings.filter((l) => l.lateCheckedBackItems !== null);
  if (checked.length > 0) {
    const least = checked.reduce((a, b) =>
      b.lateCheckedBackItems! < a.lateCheckedBackItems! ? b : a,
    );
    parts.push(`late items: ${lateLabel(least)}`);
  }
  const failing = status.listings.some((l) => l.lastError);
  return {
    tone: failing ? 'error' : warnings.length > 0 || gaps.count > 0 ? 'warning' : 'ok',
    headline: parts.join(' · '),
    warnings,
  };
}
