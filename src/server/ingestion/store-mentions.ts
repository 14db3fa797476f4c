import { and, count, gte, inArray, sql } from 'drizzle-orm';
import { enqueueDeliveries } from '../channels';
import type { DbOrTx } from '../db/client';
import { dropExcluded } from '../exclusions';
import { scoreNewMentions, type ModelCache } from '../relevance';
import {
  alerts,
  mentionQuotaSkips,
  mentions,
  scoreCandidates,
  subscriptionPlans,
  users,
} from '../db/schema';
import { isLiveAlert } from '@shared/api/alerts';
import { limitsOrFree } from '@shared/builtin-plans';
import { redditPermalink } from '@shared/reddit-content';
import type { AlertInput } from '../matching';
import { matchingColumns } from './alert-index-sync';
import type { RedditItem } from '../reddit';

/**
 * One item matched by one alert, as the index answered (with the alert as it indexed it).
 * `belowMinScore`: it matches but for its score, and becomes a re-check candidate instead.
 */
export type MatchedItem = {
  alert: AlertInput;
  terms: string[];
  item: RedditItem;
  belowMinScore?: boolean;
};

/** The alert still matches as it did when the index answered: live, same matching fields. */
const unchanged = (indexed: AlertInput, current: AlertInput) =>
  isLiveAlert(current) &&
  current.keyword === indexed.keyword &&
  current.subreddits === indexed.subreddits &&
  current.includeComments === indexed.includeComments &&
  current.titlesOnly === indexed.titlesOnly &&
  current.minScore === indexed.minScore;

/**
 * What is left of a mention once Reddit reports its item deleted or removed (Reddit's Public
 * Content Policy): no title, body or author, so it is no longer shown, exported or emailed. The
 * permalink, subreddit, times and the fact of its removal stay. Issue 17 item 16.
 */
export const REMOVED_CONTENT = { title: '', body: '', author: '[deleted]' } as const;

/** The item's own path on Reddit, for a permalink that is not Reddit's. */
const fallbackPath = (item: RedditItem) =>
  `/r/${encodeURIComponent(item.subreddit)}/${item.kind === 'post' ? `comments/${item.fullname.slice(3)}/` : ''}`;

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
        redditId: m.item.fullname,
        item: { ...m.item, createdAt: m.item.createdAt.toISOString() },
        matchedKeyword: matchedKeyword(m),
        score: m.item.score,
        createdAt: now,
        nextCheckAt: new Date(now.getTime() + FIRST_RECHECK_MS),
        expiresAt: new Date(now.getTime() + CANDIDATE_TTL_MS),
      })),
    )
    .onConflictDoNothing();
}

export const monthStartUtc = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Stores the matches of one page inside the caller's transaction (the one that also moves the
 * listing's cursor). Re-checks each alert as it is now: a match made by an index that had not
 * yet seen an edit, pause or delete is dropped, and so is one its user's global exclusions name
 * (counted as filtered). Free users past their monthly mentions are
 * not stored but counted. (alert, item) is unique, so a page read twice stores nothing twice.
 */
export async function storeMatches(
  tx: DbOrTx,
  matches: MatchedItem[],
  now: Date,
  options: { backfilled?: boolean; models?: ModelCache } = {},
) {
  if (matches.length === 0) return { stored: 0, overQuota: 0 };
  const alertIds = [...new Set(matches.map((m) => m.alert.id))];
  const current = await tx
    .select({ ...matchingColumns, userId: alerts.userId })
    .from(alerts)
    .where(inArray(alerts.id, alertIds));
  const byId = new Map(current.map((row) => [row.id, row]));
  const unchangedMatches = matches.filter((m) => {
    const alert = byId.get(m.alert.id);
    return alert !== undefined && unchanged(m.alert, alert);
  });
  // The users' global exclusions (decision 013): an excluded subreddit or author is never
  // stored, so never emailed, pushed or counted against the monthly mentions.
  const valid = await dropExcluded(
    tx,
    unchangedMatches,
    (m) => ({
      userId: byId.get(m.alert.id)!.userId,
      subreddit: m.item.subreddit,
      author: m.item.author,
      counted: !m.belowMinScore,
    }),
    now,
  );
  const candidates = valid.filter((m) => m.belowMinScore);
  if (candidates.length > 0) await keepCandidates(tx, candidates, now);
  const due = valid.filter((m) => !m.belowMinScore);
  if (due.length === 0) return { stored: 0, overQuota: 0 };

  const allowance = await monthlyAllowances(tx, [...new Set(current.map((a) => a.userId))], now);
  const rows: (typeof mentions.$inferInsert)[] = [];
  const overQuota = new Map<number, number>();
  for (const match of due) {
    const userId = byId.get(match.alert.id)!.userId;
    const left = allowance.get(userId);
    if (left !== undefined) {
      if (left <= 0) {
        overQuota.set(userId, (overQuota.get(userId) ?? 0) + 1);
        continue;
      }
      allowance.set(userId, left - 1);
    }
    const { item } = match;
    rows.push({
      alertId: match.alert.id,
      userId,
      redditId: item.fullname,
      subreddit: item.subreddit,
      title: item.title,
      body: item.body,
      // The parsers already allow only Reddit's hosts; storage holds to it whatever the item's
      // path here (a re-check candidate stored by an older version, a future parser).
      permalink: redditPermalink(item.permalink, fallbackPath(item)),
      author: item.author,
      score: item.score,
      commentCount: item.commentCount,
      isComment: item.kind === 'comment',
      createdAt: now,
      redditCreatedAt: item.createdAt,
      matchedKeyword: matchedKeyword(match),
      isBackfilled: options.backfilled ?? false,
      // Removed before it was first read (its title still matched): stored as removed.
      ...(item.removed ? { removedAt: now, ...REMOVED_CONTENT } : {}),
    });
  }
  let stored = 0;
  if (rows.length > 0) {
    const inserted = await tx
      .insert(mentions)
      // Scored by the alert's relevance classifier, if it has one: a likely irrelevant
      // mention of an alert that hides those is stored hidden, so never sent (decision 014).
      .values(await scoreNewMentions(tx, rows, options.models))
      .onConflictDoNothing()
      .returning({ id: mentions.id });
    stored = inserted.length;
    // The outbox: each new mention's channel deliveries commit with it (decision 012).
    await enqueueDeliveries(
      tx,
      inserted.map((row) => row.id),
      now,
    );
  }
  const month = monthStartUtc(now);
  for (const [userId, skipped] of overQuota) {
    await tx
      .insert(mentionQuotaSkips)
      .values({ userId, month, skipped })
      .onConflictDoUpdate({
        target: [mentionQuotaSkips.userId, mentionQuotaSkips.month],
        set: { skipped: sql`${mentionQuotaSkips.skipped} + ${skipped}` },
      });
  }
  return { stored, overQuota: [...overQuota.values()].reduce((a, b) => a + b, 0) };
}

/**
 * Mentions each plan-limited user may still receive this month. Their user rows are locked
 * (in id order, so two workers cannot deadlock) so that concurrent pages cannot overshoot.
 */
async function monthlyAllowances(tx: DbOrTx, userIds: number[], now: Date) {
  const plans = await tx
    .select({ id: users.id, plan: subscriptionPlans })
    .from(users)
    .leftJoin(subscriptionPlans, sql`lower(${subscriptionPlans.name}) = ${users.planType}`)
    .where(inArray(users.id, userIds));
  const limited = new Map<number, number>();
  for (const row of plans) {
    const limit = limitsOrFree(row.plan?.limits).monthlyMentions;
    if (limit !== null) limited.set(row.id, limit);
  }
  if (limited.size === 0) return limited;
  const ids = [...limited.keys()].sort((a, b) => a - b);
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
  const used = await tx
    .select({ userId: mentions.userId, n: count() })
    .from(mentions)
    .where(and(inArray(mentions.userId, ids), gte(mentions.createdAt, monthStartUtc(now))))
    .groupBy(mentions.userId);
  for (const row of used) limited.set(row.userId, (limited.get(row.userId) ?? 0) - row.n);
  return limited;
}
