import { isLiveAlert } from '@shared/api/alerts';
import {
  SITE_WIDE_NEEDS_CREDENTIALS,
  type IngestionStatus,
  type ListingStatus,
  type RedditMode,
} from '@shared/api/ingestion';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { parseBudget } from '../budget-store';
import { coverageSince, loadRereadStates, type RereadState } from '../listings/reread-state';
import { postIdNumber } from '../post-ids/post-id-plan';
import {
  enumerationSince,
  loadEnumeration,
  type EnumerationState,
} from '../post-ids/post-ids-repo';
import { startOfLocalDay } from '../../lib/time-zones';
import type { SourceName } from '@shared/sources';
import { earliest } from './earliest';
import { sitePollStates, sourceStatuses } from './source-status';
import * as repo from './status-repo';

export type IngestionService = ReturnType<typeof createIngestionService>;

export type ListingRow = Awaited<ReturnType<typeof repo.plannedListings>>[number];
type AlertFields = {
  id: number;
  subreddits: string | null;
  /** The sites it listens to; absent: Reddit (callers that know no other). */
  sources?: readonly string[];
  includeComments: boolean;
  isActive: boolean;
  isPaused: boolean;
};

/** What an alert shows of its listings: when it was last checked, the next check, what fails. */
export type PollState = {
  lastPolledAt: Date | null;
  nextPollAt: Date | null;
  lastError: string | null;
};

/** A subreddit Reddit refuses, in words; `names` are the user's own (several: "one of"). */
export const subredditAccessMessage = (names: string | readonly string[], access: string) => {
  const list = typeof names === 'string' ? [names] : names;
  const who = list.length === 1 ? `r/${list[0]}` : `One of ${list.map((n) => `r/${n}`).join(', ')}`;
  return access === 'not-found'
    ? `${who} does not exist or is banned (Reddit answered 404)`
    : `${who} is private or quarantined (Reddit answered 403)`;
};

/** The listings an alert's items come from: r/all, or the groups holding its subreddits. */
export function listingsOf(alert: AlertFields, listings: ListingRow[]) {
  const kinds = alert.includeComments ? ['posts', 'comments'] : ['posts'];
  const names = repo.subredditNames(alert.subreddits);
  const found = new Set<ListingRow>();
  let unplanned = false;
  for (const kind of kinds) {
    const all = listings.find((l) => l.kind === kind && l.scope === 'all');
    for (const name of names.length ? names : [null]) {
      const group =
        name === null
          ? undefined
          : listings.find(
              (l) =>
                l.kind === kind &&
                l.scope === 'subreddits' &&
                repo.subredditNames(l.subreddits).includes(name),
            );
      const listing = group ?? all;
      if (listing) found.add(listing);
      else unplanned = true;
    }
  }
  return { listings: [...found], unplanned };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A listing as a user sees it: only their own subreddits of a shared group are named. */
export function toListingStatus(
  l: ListingRow,
  names: ReadonlySet<string>,
  gaps24h: ListingStatus['gaps24h'],
  reread?: { state: RereadState | undefined; now: Date; byId?: number },
): ListingStatus {
  const checkedBackMs = reread?.state?.checkedBackMs ?? null;
  const caught = reread?.state
    ? coverageSince(reread.state, reread.now.getTime() - 24 * 3600_000)
    : { live: 0, reread: 0 };
  return {
    id: l.id,
    scope: l.scope === 'all' ? 'all' : 'subreddits',
    kind: l.kind === 'comments' ? 'comments' : 'posts',
    subreddits: repo.subredditNames(l.subreddits).filter((n) => names.has(n)),
    intervalSeconds: l.intervalMs / 1000,
    itemsPerMinute: Math.round(l.itemsPerMinute * 10) / 10,
    itemsSkipped: l.itemsSkipped,
    lastSuccessAt: iso(l.lastSuccessAt),
    nextPollAt: iso(l.nextPollAt),
    lastError: l.errorSince ? l.lastError : null,
    errorSince: iso(l.errorSince),
    gaps24h,
    lateCheckedBackItems: reread?.state?.checkedBackItems ?? null,
    lateCheckedBackSeconds: checkedBackMs === null ? null : Math.round(checkedBackMs / 1000),
    caught24h: { ...caught, byId: reread?.byId ?? 0 },
  };
}

/** What the post-id enumeration costs and finds; null while there is no r/all/new to follow. */
function postIdsStatus(
  state: EnumerationState | undefined,
  allPosts: ListingRow | undefined,
  now: Date,
): IngestionStatus['postIds'] {
  const head = allPosts?.cursorFullname ? postIdNumber(allPosts.cursorFullname) : undefined;
  if (!state || state.next === null || head === undefined) return null;
  const hour = enumerationSince(state, now.getTime() - 3600_000);
  const day = enumerationSince(state, now.getTime() - 24 * 3600_000);
  return {
    requestsLastHour: hour.requests,
    found24h: day.found,
    passedOver24h: day.gapIds,
    behindIds: Math.max(0, head + 1 - state.next),
  };
}

export function createIngestionService(deps: {
  db: Db;
  clock: Clock;
  mode: RedditMode;
  /** REDDIT_RSS_SECONDS: limited mode's pace. */
  feedSeconds: number;
  /** Limited mode reads its feeds with the private feed token (REDDIT_FEED_TOKEN). */
  feedToken?: boolean;
  /** The sites this server reads (SOURCES). */
  sources: readonly SourceName[];
}) {
  const { db, clock, mode, feedSeconds } = deps;
  const feedToken = mode === 'no-credentials' && deps.feedToken === true;

  return {
    access: () => ({ mode, feedSeconds: mode === 'no-credentials' ? feedSeconds : null }),

    /**
     * Each live alert's state, from its listings (not stored per alert: see decision 005); a
     * keyword that does not hear Reddit, from its sites' reads.
     */
    async pollStates(rows: AlertFields[]): Promise<Map<number, PollState>> {
      const hearsReddit = (a: AlertFields) => a.sources?.includes('reddit') ?? true;
      const states = await sitePollStates(
        db,
        rows.filter(isLiveAlert).filter((a) => !hearsReddit(a)),
      );
      const live = rows.filter(isLiveAlert).filter(hearsReddit);
      if (live.length === 0 || mode === 'disabled') return states;
      const [listings, client] = await Promise.all([
        repo.plannedListings(db),
        repo.clientState(db),
      ]);
      const names = [...new Set(live.flatMap((a) => repo.subredditNames(a.subreddits)))];
      const blocked = new Map(
        (await repo.inaccessibleSubreddits(db, names)).map((s) => [s.name, s.access]),
      );
      for (const alert of live) {
        if (mode === 'no-credentials' && !alert.subreddits) {
          states.set(alert.id, {
            lastPolledAt: null,
            nextPollAt: null,
            lastError: SITE_WIDE_NEEDS_CREDENTIALS,
          });
          continue;
        }
        const mine = listingsOf(alert, listings);
        const blockedName = repo.subredditNames(alert.subreddits).find((name) => blocked.has(name));
        const failing = mine.listings.find((l) => l.errorSince !== null);
        const lastError =
          (blockedName && subredditAccessMessage(blockedName, blocked.get(blockedName)!)) ||
          failing?.lastError ||
          (client?.lastErrorKind === 'auth' ? client.lastError : null);
        const checked = mine.listings.map((l) => l.lastSuccessAt);
        states.set(alert.id, {
          lastPolledAt: mine.unplanned || checked.includes(null) ? null : earliest(checked),
          nextPollAt: earliest(mine.listings.map((l) => l.nextPollAt)),
          lastError: lastError ?? null,
        });
      }
      return states;
    },

    /**
     * Coverage as the signed-in user may see it: their workspace's listings, the client, the
     * budget; "today" in the user's own timezone.
     */
    async status(viewer: { id: number; timezone: string }): Promise<IngestionStatus> {
      const now = clock.now();
      const workspaceId = viewer.id;
      const { timezone } = viewer;
      const [alerts, listings, client] = await Promise.all([
        repo.liveAlertsOf(db, workspaceId),
        repo.plannedListings(db),
        repo.clientState(db),
      ]);
      const mine = new Set<ListingRow>();
      for (const alert of alerts) for (const l of listingsOf(alert, listings).listings) mine.add(l);
      const names = new Set(alerts.flatMap((a) => repo.subredditNames(a.subreddits)));
      const dayStart = startOfLocalDay(now, timezone);
      const dayAgo = now.getTime() - 24 * 3600_000;
      const [gaps24h, gapsToday, blocked, rereads, enumeration] = await Promise.all([
        repo.gapsSince(db, new Date(dayAgo)),
        repo.gapsSince(db, dayStart),
        repo.inaccessibleSubreddits(db, [...names]),
        loadRereadStates(db),
        loadEnumeration(db),
      ]);
      const byId = enumerationSince(enumeration, dayAgo);
      const allPosts = (l: ListingRow) => l.scope === 'all' && l.kind === 'posts';
      const gapsOf = (listingId: number) => {
        const g = gaps24h.find((row) => row.listingId === listingId);
        return { count: g?.count ?? 0, estimatedItems: g?.estimatedItems ?? 0 };
      };
      const mineIds = new Set([...mine].map((l) => l.id));
      const today = gapsToday.filter((g) => mineIds.has(g.listingId));
      const budget = parseBudget(client?.budget);
      return {
        mode,
        checkedAt: now.toISOString(),
        feedSeconds: mode === 'no-credentials' ? feedSeconds : null,
        feedToken,
        siteWideUnmonitored:
          mode === 'no-credentials' ? alerts.filter((a) => !a.subreddits).length : 0,
        listings: [...mine]
          .sort((a, b) => (a.scope === b.scope ? a.id - b.id : a.scope === 'all' ? -1 : 1))
          .map((l) =>
            toListingStatus(l, names, gapsOf(l.id), {
              state: rereads.get(l.id),
              now,
              byId: allPosts(l) ? byId.found : 0,
            }),
          ),
        inaccessibleSubreddits: blocked.map((s) => ({
          name: s.name,
          access: s.access === 'not-found' ? 'not-found' : 'forbidden',
        })),
        client: {
          lastSuccessAt: iso(client?.lastSuccessAt ?? null),
          lastError: client?.lastError ?? null,
          lastErrorKind: client?.lastErrorKind ?? null,
          errorSince: iso(client?.errorSince ?? null),
        },
        budget: budget
          ? {
              used: budget.used,
              limit: budget.windowLimit,
              resetAt: new Date(budget.windowResetAt).toISOString(),
              sentLastMinute:
                now.getTime() - budget.minuteStartedAt < 60_000 ? budget.sentThisMinute : 0,
            }
          : null,
        gapsToday: {
          count: today.reduce((n, g) => n + g.count, 0),
          estimatedItems: today.reduce((n, g) => n + g.estimatedItems, 0),
        },
        // Only to users whose alerts r/all/new serves: the enumeration follows its cursor.
        postIds: postIdsStatus(enumeration, [...mine].find(allPosts), now),
        sources: await sourceStatuses(
          db,
          workspaceId,
          deps.sources,
          {
            state:
              mode === 'disabled'
                ? 'off'
                : client?.errorSince
                  ? 'failing'
                  : client?.lastSuccessAt
                    ? 'ok'
                    : 'starting',
            lastReadAt: iso(client?.lastSuccessAt ?? null),
            lag: null,
            lastError: client?.lastError ?? null,
          },
          now,
        ),
      };
    },
  };
}
