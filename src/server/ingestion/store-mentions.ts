import { inArray } from 'drizzle-orm';
import { admitWithinMonthlyQuota } from '../billing';
import { enqueueDeliveries } from '../channels';
import type { DbOrTx } from '../db/client';
import { dropExcluded } from '../exclusions';
import { notifyLive } from '../live';
import { scoreNewMentions, type ModelCache } from '../relevance';
import { alerts, mentions, scoreCandidates } from '../db/schema';
import { isLiveAlert } from '@shared/api/alerts';
import { redditPermalink } from '@shared/reddit-content';
import type { AlertInput } from '../matching';
import { matchingColumns } from './alert-index-sync';
import type { SourceItem } from '../sources';
import { redditItemOf } from './reddit-source-item';

/**
 * One item matched by one alert, as the index answered (with the alert as it indexed it).
 * `belowMinScore`: it matches but for its score, and becomes a re-check candidate instead.
 */
export type MatchedItem = {
  alert: AlertInput;
  terms: string[];
  item: SourceItem;
  belowMinScore?: boolean;
};

/** The alert still matches as it did when the index answered: live, same matching fields. */
const unchanged = (indexed: AlertInput, current: AlertInput) =>
  isLiveAlert(current) &&
  current.keyword === indexed.keyword &&
  current.subreddits === indexed.subreddits &&
  current.includeComments === indexed.includeComments &&
  current.titlesOnly === indexed.titlesOnly &&
  current.minScore === indexed.minScore &&
  sameSources(current.sources, indexed.sources);

const sameSources = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join() === (b ?? []).join();

/**
 * What is left of a mention once Reddit reports its item deleted or removed (Reddit's Public
 * Content Policy): no title, body or author, so it is no longer shown, exported or emailed. The
 * permalink, subreddit, times and the fact of its removal stay.
 */
export const REMOVED_CONTENT = { title: '', body: '', author: '[deleted]' } as const;

/** The item's own path on Reddit, for a permalink that is not Reddit's. */
const fallbackPath = (item: SourceItem) =>
  `/r/${encodeURIComponent(item.community)}/${item.kind === 'post' ? `comments/${item.id.slice(3)}/` : ''}`;

const matchedKeyword = (match: MatchedItem) => match.terms.join(', ') || match.alert.keyword;

/** How long a candidate is re-checked, and when first (rising from there: score-rechecks.ts). */
export const CANDIDATE_TTL_MS = 24 * 3600_000;
export const FIRST_RECHECK_MS = 2 * 60_000;

/** Matches under minScore wait in `score_candidates`; one already waiting is left as it is. */
async function keepCandidates(tx: DbOrTx, matches: MatchedItem[], now: Date) {
  await tx
    .insert(scoreCandidates)
    .values(
      matches.map((m) => ({
        alertId: m.alert.id,
        redditId: m.item.id,
        item: { ...redditItemOf(m.item), createdAt: m.item.createdAt.toISOString() },
        matchedKeyword: matchedKeyword(m),
        score: m.item.score ?? 0,
        createdAt: now,
        nextCheckAt: new Date(now.getTime() + FIRST_RECHECK_MS),
        expiresAt: new Date(now.getTime() + CANDIDATE_TTL_MS),
      })),
    )
    .onConflictDoNothing();
}

/** A match with the user whose alert made it. */
type OwnedMatch = MatchedItem & { workspaceId: number };

/**
 * Stores the matches of one page inside the caller's transaction (the one that also moves the
 * listing's cursor), step by step: only those of alerts unchanged since the index answered,
 * outside their user's global exclusions, at the alert's minimum score, within the user's
 * monthly mentions; then the mentions and their deliveries. (alert, item) is unique, so a
 * page read twice stores nothing twice.
 */
export async function storeMatches(
  tx: DbOrTx,
  matches: MatchedItem[],
  now: Date,
  options: { backfilled?: boolean; models?: ModelCache } = {},
) {
  if (matches.length === 0) return { stored: 0, overQuota: 0 };
  const fresh = await freshMatches(tx, matches);
  const included = await withoutExclusions(tx, fresh, now);
  const due = await withMinScore(tx, included, now);
  if (due.length === 0) return { stored: 0, overQuota: 0 };
  const { allowed, overQuota } = await withinMonthlyQuota(tx, due, now);
  const stored = await insertMentions(tx, allowed, now, options);
  return { stored, overQuota };
}

/**
 * The matches of alerts that still match as they did when the index answered: a match made
 * by an index that had not yet seen an edit, pause or delete is dropped.
 */
async function freshMatches(tx: DbOrTx, matches: MatchedItem[]): Promise<OwnedMatch[]> {
  const alertIds = [...new Set(matches.map((m) => m.alert.id))];
  const current = await tx
    .select({ ...matchingColumns, workspaceId: alerts.workspaceId })
    .from(alerts)
    .where(inArray(alerts.id, alertIds));
  const byId = new Map(current.map((row) => [row.id, row]));
  return matches.flatMap((m) => {
    const alert = byId.get(m.alert.id);
    return alert !== undefined && unchanged(m.alert, alert)
      ? [{ ...m, workspaceId: alert.workspaceId }]
      : [];
  });
}

/**
 * The users' global exclusions (decision 013): an excluded subreddit or author is never
 * stored, so never emailed, pushed or counted against the monthly mentions; it is counted as
 * filtered.
 */
function withoutExclusions(tx: DbOrTx, matches: OwnedMatch[], now: Date) {
  return dropExcluded(
    tx,
    matches,
    (m) => ({
      workspaceId: m.workspaceId,
      subreddit: m.item.source === 'reddit' ? m.item.community : '',
      author: m.item.author,
      counted: !m.belowMinScore,
      alertId: m.alert.id,
      itemId: m.item.id,
    }),
    now,
  );
}

/**
 * Matches under the alert's minimum score wait as re-check candidates; the rest are due. Only
 * Reddit's scores are re-checked: another site's item under it is not stored.
 */
async function withMinScore(tx: DbOrTx, matches: OwnedMatch[], now: Date) {
  const candidates = matches.filter((m) => m.belowMinScore && m.item.source === 'reddit');
  if (candidates.length > 0) await keepCandidates(tx, candidates, now);
  return matches.filter((m) => !m.belowMinScore);
}

/**
 * The matches within each plan-limited user's items left this month; an item matching several
 * of the user's keywords is stored for each and charged once (decision 025).
 */
function withinMonthlyQuota(tx: DbOrTx, matches: OwnedMatch[], now: Date) {
  return admitWithinMonthlyQuota(
    tx,
    matches,
    (m) => ({ workspaceId: m.workspaceId, itemId: m.item.id }),
    now,
  );
}

/**
 * Inserts the mentions, scored by the alert's relevance classifier if it has one (a likely
 * irrelevant mention of an alert that hides those is stored hidden, so never sent: decision
 * 014), and queues their channel deliveries, which commit with them (the outbox, decision
 * 012). Returns how many were new.
 */
async function insertMentions(
  tx: DbOrTx,
  matches: OwnedMatch[],
  now: Date,
  options: { backfilled?: boolean; models?: ModelCache },
) {
  if (matches.length === 0) return 0;
  const rows = matches.map((m) => mentionRow(m, now, options.backfilled ?? false));
  const inserted = await tx
    .insert(mentions)
    .values(await scoreNewMentions(tx, rows, options.models))
    .onConflictDoNothing()
    .returning({ id: mentions.id, workspaceId: mentions.workspaceId });
  await enqueueDeliveries(
    tx,
    inserted.map((row) => row.id),
    now,
  );
  // The users' open dashboards refetch once this transaction commits.
  const users = new Set(inserted.map((row) => row.workspaceId));
  await notifyLive(
    tx,
    [...users].map((workspaceId) => ({ type: 'mentions', workspaceId })),
  );
  return inserted.length;
}

function mentionRow(match: OwnedMatch, now: Date, backfilled: boolean) {
  const { item } = match;
  return {
    alertId: match.alert.id,
    workspaceId: match.workspaceId,
    source: item.source,
    itemId: item.id,
    subreddit: item.source === 'reddit' ? item.community : '',
    community: item.community,
    title: item.title,
    body: item.body,
    // Reddit's parsers already allow only Reddit's hosts; storage holds to it whatever the
    // item's path here (a re-check candidate stored by an older version). The other sites'
    // readers build their permalinks from the item's id on the site's own host.
    permalink:
      item.source === 'reddit'
        ? redditPermalink(item.permalink, fallbackPath(item))
        : item.permalink,
    author: item.author,
    score: item.score ?? 0,
    commentCount: item.commentCount,
    isComment: item.kind === 'comment',
    createdAt: now,
    redditCreatedAt: item.createdAt,
    matchedKeyword: matchedKeyword(match),
    isBackfilled: backfilled,
    threadId: item.threadId ?? null,
    // Removed before it was first read (its title still matched): stored as removed.
    ...(item.removed ? { removedAt: now, ...REMOVED_CONTENT } : {}),
  } satisfies typeof mentions.$inferInsert;
}
