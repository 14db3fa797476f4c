import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema';
import { compileAlertIndex, type AlertInput } from '../../matching';
import { BudgetBusyError, type RedditClient, type RedditItem } from '../../reddit';
import { matchingColumns } from '../alert-index-sync';
import { isListingBehind } from '../listings/listing-repo';
import { matchItems } from '../page-items';
import * as repo from './rechecks-repo';
import { redditSourceItem } from '../reddit-source-item';
import { trackOwnReplies } from '../replies/track-own-replies';
import { FIRST_RECHECK_MS, storeMatches, type MatchedItem } from '../store-mentions';

const INFO_BATCH = 100;

export type RecheckDeps = {
  db: Db;
  reddit: RedditClient;
  clock: Clock;
  log: Logger;
  /** The worker's parsed relevance models, for the mentions stored (decision 014). */
  models?: ModelCache;
};

/** The candidate's item as stored (a comment's post title is not in /api/info). */
const storedItemSchema = z.object({
  fullname: z.string(),
  kind: z.enum(['post', 'comment']),
  subreddit: z.string(),
  title: z.string(),
  body: z.string(),
  permalink: z.string(),
  author: z.string(),
  score: z.number(),
  commentCount: z.number(),
  createdAt: z.coerce.date(),
  removed: z.boolean(),
  // Candidates stored before the field existed were not marked.
  nsfw: z.boolean().default(false),
});

/**
 * Re-checks through `/api/info`, 100 fullnames a request, within background work's share of
 * the budget and never while a live listing is behind: candidates under an
 * alert's minScore become mentions once their score reaches it, and mentions younger than
 * 48 h get their score and comment count refreshed, or are marked removed on Reddit, as do
 * the members' replies younger than 48 h (DESIGN §9).
 * Returns the number of requests sent.
 */
export async function runRechecks(deps: RecheckDeps, signal?: AbortSignal): Promise<number> {
  const { db, clock } = deps;
  let requests = 0;
  await repo.dropExpiredCandidates(db, clock.now());
  while (!signal?.aborted) {
    const now = clock.now();
    const candidates = await repo.dueCandidates(db, now, INFO_BATCH);
    const candidateIds = new Set(candidates.map((c) => c.redditId));
    const mentionIds = await repo.dueMentionItems(db, now, INFO_BATCH - candidateIds.size);
    const replyIds = await repo.dueReplyItems(
      db,
      now,
      INFO_BATCH - candidateIds.size - mentionIds.length,
    );
    const ids = [...new Set([...candidateIds, ...mentionIds, ...replyIds])].slice(0, INFO_BATCH);
    if (ids.length === 0 || (await isListingBehind(db, now))) break;
    let items: RedditItem[];
    try {
      items = (await deps.reddit.info(ids, signal, 'background')).items;
    } catch (error) {
      if (error instanceof BudgetBusyError) break;
      throw error;
    }
    requests++;
    const byName = new Map(items.map((item) => [item.fullname, item]));
    const at = clock.now();
    await db.transaction(async (tx) => {
      for (const item of items) await repo.refreshMentions(tx, item, at);
      await repo.markMentionsGone(
        tx,
        mentionIds.filter((id) => !byName.has(id)),
        at,
      );
      // A reply /api/info no longer returns was deleted: kept and marked, like one it shows removed.
      const replies = items.filter((item) => replyIds.includes(item.fullname));
      await trackOwnReplies(tx, replies.map(redditSourceItem), at, {
        source: 'reddit',
        ids: replyIds.filter((id) => !byName.has(id)),
      });
    });
    await settleCandidates(deps, candidates, byName, at);
    // Fewer than asked: nothing else is due now.
    if (ids.length < INFO_BATCH) break;
  }
  return requests;
}

/** Stores the candidates that reached their alert's minScore; reschedules or drops the rest. */
async function settleCandidates(
  deps: RecheckDeps,
  candidates: repo.CandidateRow[],
  byName: Map<string, RedditItem>,
  now: Date,
) {
  if (candidates.length === 0) return;
  const { db } = deps;
  const alertIds = [...new Set(candidates.map((c) => c.alertId))];
  const current = await db.select(matchingColumns).from(alerts).where(inArray(alerts.id, alertIds));
  const indexes = new Map(current.map((alert) => [alert.id, oneAlertIndex(alert)]));
  const ready: MatchedItem[] = [];
  for (const candidate of candidates) {
    const fresh = byName.get(candidate.redditId);
    const stored = storedItemSchema.safeParse(candidate.item);
    const index = indexes.get(candidate.alertId);
    // Deleted or removed on Reddit, or the alert changed so that it no longer matches.
    const item = fresh && stored.success ? merge(stored.data, fresh) : undefined;
    const match = item && !item.removed && index ? matchItems(index, [item])[0] : undefined;
    if (!match) {
      await repo.deleteCandidate(db, candidate);
    } else if (!match.belowMinScore) {
      ready.push({ ...match, terms: [candidate.matchedKeyword] });
      await repo.deleteCandidate(db, candidate);
    } else {
      const checks = candidate.checks + 1;
      await repo.rescheduleCandidate(db, candidate, {
        score: match.item.score ?? 0,
        checks,
        // Rising intervals: 2, 4, 8 ... minutes, until the candidate expires after 24 h.
        nextCheckAt: new Date(now.getTime() + FIRST_RECHECK_MS * 2 ** checks),
      });
    }
  }
  if (ready.length > 0) {
    const result = await db.transaction((tx) =>
      storeMatches(tx, ready, now, { models: deps.models }),
    );
    deps.log.debug({ ...result }, 'candidates reached their minimum score');
  }
}

function oneAlertIndex(alert: AlertInput) {
  return compileAlertIndex([alert]);
}

/** The stored item with Reddit's current score (and, for a post, comment count). */
function merge(stored: RedditItem, fresh: RedditItem): RedditItem {
  return {
    ...stored,
    score: fresh.score,
    commentCount: fresh.kind === 'post' ? fresh.commentCount : stored.commentCount,
    removed: fresh.removed,
  };
}
