import type { Logger } from 'pino';
import type { ModelCache } from '../../relevance';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AlertIndex } from '../../matching';
import { BudgetBusyError, type RedditClient, type RedditItem } from '../../reddit';
import { isListingBehind } from '../listings/listing-repo';
import { matchItems } from '../page-items';
import { storeMatches } from '../store-mentions';
import { afterBatch, nextRecheckAt, POST_IDS, postFullname, postIdNumber } from './post-id-plan';
import * as repo from './post-ids-repo';

export type EnumerationDeps = {
  db: Db;
  reddit: RedditClient;
  clock: Clock;
  index: () => AlertIndex;
  owner: string;
  log: Logger;
  leaseMs: number;
  /** The worker's parsed relevance models, for the mentions stored (decision 014). */
  models?: ModelCache;
};

/** A re-check due, with how often the post was asked for already. */
type Recheck = { id: number; checks: number };

/**
 * Asks `/api/info` for the post ids behind r/all/new's cursor that no listing showed, 100 a
 * request within the enumeration's share of the budget, and matches the posts Reddit answers
 * (decision record 005, "Posts by id"); a removed post is asked again later, in case it is
 * approved. Stops when caught up, when a live listing is behind, when the share is spent, or
 * at `until`. Returns the number of requests sent.
 */
export async function enumeratePostIds(
  deps: EnumerationDeps,
  run: { signal?: AbortSignal; until: number },
): Promise<number> {
  const { db, clock, owner } = deps;
  const state = await repo.leaseEnumeration(db, owner, clock.now().getTime(), deps.leaseMs);
  if (!state) return 0;
  const head = await repo.allPostsCursor(db);
  const headId = head?.cursor ? postIdNumber(head.cursor) : undefined;
  if (headId === undefined) {
    // No site-wide posts listing: nothing to enumerate against, nothing to skip.
    await repo.pruneSeenIds(db, null);
    await repo.saveEnumeration(db, owner, { ...state, next: null, stride: 1, lease: null });
    return 0;
  }
  let skipped = 0;
  if (state.next === null || state.next > headId + 1) state.next = headId + 1;
  if (headId - state.next > POST_IDS.maxBacklogIds) {
    skipped = headId - POST_IDS.maxBacklogIds - state.next;
    state.next = headId - POST_IDS.maxBacklogIds;
    deps.log.warn({ skipped }, 'post-id enumeration fell behind: oldest ids skipped');
  }
  let requests = 0;
  try {
    while (!run.signal?.aborted && clock.now().getTime() < run.until) {
      const sent = await enumerateBatch(deps, state, headId, run.signal);
      if (sent === 'done') break;
      requests++;
      if (!(await repo.saveEnumeration(db, owner, renewed(state, deps)))) return requests;
    }
  } finally {
    repo.countHour(state, clock.now().getTime(), { found: 0, requests: 0, gapIds: skipped });
    // Only while the lease is still ours: a successor goes on from the last state saved.
    if (await repo.saveEnumeration(db, owner, { ...state, lease: null })) {
      await repo.pruneSeenIds(db, state.next);
    }
  }
  return requests;
}

const renewed = (state: repo.EnumerationState, deps: EnumerationDeps) =>
  Object.assign(state, {
    lease: { owner: deps.owner, until: deps.clock.now().getTime() + deps.leaseMs },
  });

/**
 * One request: the next unseen ids (and a few due re-checks), answered posts claimed and
 * matched in one transaction with the re-checks scheduled. 'done' when nothing was sent.
 */
async function enumerateBatch(
  deps: EnumerationDeps,
  state: repo.EnumerationState,
  headId: number,
  signal?: AbortSignal,
): Promise<'sent' | 'done'> {
  const { db, clock } = deps;
  const now = clock.now();
  if (await isListingBehind(db, now)) return 'done';
  const rechecks: Recheck[] = await repo.dueRechecks(db, now, POST_IDS.rechecksPerBatch);
  const limit = POST_IDS.batch - rechecks.length;
  const fresh = await nextUnseen(deps, state, headId, limit);
  if (fresh.ids.length + rechecks.length === 0) return 'done';
  let items: RedditItem[];
  try {
    const fullnames = [...fresh.ids, ...rechecks.map((r) => r.id)].map(postFullname);
    items = (await deps.reddit.info(fullnames, signal, 'ids')).items;
  } catch (error) {
    if (error instanceof BudgetBusyError) return 'done';
    throw error;
  }
  const answers = new Map<number, RedditItem>();
  for (const item of items) {
    const id = postIdNumber(item.fullname);
    if (id !== undefined && item.kind === 'post') answers.set(id, item);
  }
  const found = await settleAnswers(deps, { fresh: fresh.ids, rechecks, answers });
  let gapIds = 0;
  if (fresh.ids.length > 0) {
    const reachedEnd = fresh.ids.length < limit;
    const dense = state.denseUntil !== null && fresh.ids[0] <= state.denseUntil;
    const moved = afterBatch({
      asked: fresh.ids,
      answered: new Set(answers.keys()),
      stride: state.stride,
      rangeEnd: reachedEnd ? fresh.scannedTo : undefined,
      dense,
    });
    // A dense scan short of its limit covered everything up to where it stopped.
    const scanned = state.stride === 1 && reachedEnd ? fresh.scannedTo + 1 : 0;
    state.next = Math.max(moved.next, scanned);
    state.denseUntil = moved.denseUntil ?? (dense ? state.denseUntil : null);
    state.stride = moved.stride;
    gapIds = moved.gapIds;
    if (gapIds > 0) deps.log.debug({ next: state.next, gapIds }, 'post ids unused');
  }
  repo.countHour(state, clock.now().getTime(), { found, requests: 1, gapIds });
  deps.log.debug(
    { asked: fresh.ids.length, rechecked: rechecks.length, answered: answers.size, found },
    'post ids asked',
  );
  return 'sent';
}

/** The next ids no reader has seen, scanning on (and moving `next`) past windows of seen ones. */
async function nextUnseen(
  deps: EnumerationDeps,
  state: repo.EnumerationState,
  headId: number,
  limit: number,
) {
  for (;;) {
    // Probing a gap stops at the first id a listing showed: the sequence goes on there.
    const seen = state.stride > 1 ? await repo.firstSeenFrom(deps.db, state.next!) : undefined;
    const to = seen === undefined ? headId : Math.min(headId, seen - 1);
    const range = { from: state.next!, to, stride: state.stride };
    const fresh = await repo.unseenPostIds(deps.db, { ...range, limit, scan: POST_IDS.scanIds });
    if (fresh.ids.length > 0 || fresh.scannedTo >= headId || limit === 0) return fresh;
    // Nothing unseen before the next seen id: the gap has ended, read on densely.
    if (state.stride > 1) state.stride = 1;
    state.next = fresh.scannedTo + 1;
  }
}

/**
 * Claims and matches the visible posts that no reader had (a listing may have shown one since
 * the ids were chosen); schedules removed ones for a re-check. Returns the posts found first.
 */
async function settleAnswers(
  deps: EnumerationDeps,
  batch: { fresh: number[]; rechecks: Recheck[]; answers: Map<number, RedditItem> },
) {
  const now = deps.clock.now();
  const checksOf = new Map(batch.rechecks.map((r) => [r.id, r.checks]));
  const visible = [...batch.answers].filter(([, item]) => !item.removed);
  const removed = [...batch.answers.keys()].filter((id) => batch.answers.get(id)!.removed);
  const gone = batch.rechecks.filter((r) => !batch.answers.has(r.id)).map((r) => r.id);
  return deps.db.transaction(async (tx) => {
    const claimed = await repo.claimPostIds(
      tx,
      visible.map(([id]) => id),
    );
    const posts = visible.filter(([id]) => claimed.has(id)).map(([, item]) => item);
    await storeMatches(tx, matchItems(deps.index(), posts), now, { models: deps.models });
    await repo.scheduleRechecks(
      tx,
      removed.map((id) => {
        const checks = checksOf.get(id) ?? 0;
        return { id, checks: checks + 1, recheckAt: nextRecheckAt(checks, now.getTime()) };
      }),
    );
    await repo.dropRechecks(tx, gone);
    return posts.length;
  });
}
