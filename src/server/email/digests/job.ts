import { newMessageId } from '../mailer';
import type { SendResult } from '../types';
import type { RenderedDigest } from './render';
import { leaseDueConfigs, releaseConfig, releaseWithSlots } from './lease-repo';
import { countByKeywordFor, listedMentionsFor, pendingMentionIdsFor } from './mention-repo';
import { completeRuns, insertRuns, markSendingMany, openRunsFor } from './run-batch-repo';
import { pruneRuns } from './run-history-repo';
import type { DigestRunRow } from './run-repo';
import { nextSlotAfter } from './schedule';
import { instantWindows, LISTED_MENTIONS, renderFor, send, settle } from './send-run';
import { scheduleOf } from './settings-repo';
import { processConfig, type Leased } from './process-config';
import { mapPool } from '../../lib/pool';
import type { DigestJobDeps, DigestJobStats } from './types';

export { MAX_ATTEMPTS } from './send-run';
export type { DigestJobDeps, DigestJobStats } from './types';

/** Finished runs are kept this long (each user's newest is always kept). */
const RUN_HISTORY_MS = 90 * 24 * 60 * 60_000;

/** A batch's new runs, recorded and marked sending, with their digests rendered. */
interface PreparedBatch {
  runs: DigestRunRow[];
  byUser: Map<number, Leased>;
  rendered: Map<number, RenderedDigest>;
  /** Each run's attempts so far, this one included. */
  attempts: Map<number, number>;
}

/**
 * One pass of the digest job: lease due configs in small batches, and for each finish an open
 * run or build, record and send a new one. Only ids and at most 100 mentions per user are in
 * memory at a time, so the user count does not change the memory used.
 * Exactly-once rules: docs/decisions/017-digests-exactly-once.md.
 */
export async function runDigestJob(deps: DigestJobDeps): Promise<DigestJobStats> {
  const stats: DigestJobStats = { sent: 0, empty: 0, retrying: 0, failed: 0, recovered: 0 };
  const started = Date.now();
  const batchSize = deps.batchSize ?? 100;
  const concurrency = deps.concurrency ?? 8;
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  const timeBoxMs = deps.timeBoxMs ?? 50_000;

  await pruneRuns(deps.db, new Date(deps.clock.now().getTime() - RUN_HISTORY_MS));
  // A config is handled at most once per pass, whatever state it is left in.
  const seen = new Set<number>();
  let delivering: Promise<void> = Promise.resolve();
  while (Date.now() - started < timeBoxMs) {
    const batch = await leaseDueConfigs(deps.db, deps.clock.now(), leaseMs, batchSize);
    const leased = batch.filter((item) => !seen.has(item.config.id));
    for (const item of batch) {
      if (seen.has(item.config.id)) await releaseConfig(deps.db, item.config.id, {});
      seen.add(item.config.id);
    }
    if (leased.length === 0) break;
    // Batch N is sent while batch N+1 is read and rendered: SMTP and the database overlap.
    let prepared: PreparedBatch | undefined;
    try {
      prepared = await prepareBatch(deps, leased, stats, concurrency);
    } catch (err) {
      // The leases stay and run out; the next pass picks these configs up again, and an
      // attempt caught mid-send is then closed without a resend.
      deps.log?.warn({ err }, 'digest batch failed unexpectedly');
    }
    await delivering;
    delivering = (
      prepared ? deliverBatch(deps, prepared, stats, concurrency) : Promise.resolve()
    ).catch((err: unknown) => {
      deps.log?.warn({ err }, 'digest batch failed unexpectedly');
    });
  }
  await delivering;
  return stats;
}

const count = (stats: DigestJobStats, outcome: keyof DigestJobStats | undefined) => {
  if (outcome) stats[outcome] += 1;
};

/**
 * The first half of one leased batch: everything but sending. The common case — a passed slot
 * and no open run — is done with a fixed number of queries for the whole batch; the rare states
 * (an open run to retry or close, digests off, no slot yet) go one by one through
 * `processConfig`. Returns the runs to send, if any.
 */
async function prepareBatch(
  deps: DigestJobDeps,
  leased: Leased[],
  stats: DigestJobStats,
  concurrency: number,
): Promise<PreparedBatch | undefined> {
  const now = deps.clock.now();
  const openRuns = await openRunsFor(
    deps.db,
    leased.map((item) => item.config.userId),
  );
  const isFresh = ({ config }: Leased) =>
    !openRuns.has(config.userId) &&
    config.isActive &&
    config.nextSlotAt !== null &&
    config.nextSlotAt <= now;
  const fresh = leased.filter(isFresh);
  await processOneByOne(
    deps,
    leased.filter((item) => !isFresh(item)),
    openRuns,
    stats,
    concurrency,
  );
  if (fresh.length === 0) return undefined;

  const since = await instantWindows(
    deps,
    fresh.map((item) => item.config),
  );
  const pending = await pendingMentionIdsFor(
    deps.db,
    fresh.map((item) => item.config.userId),
    since,
  );
  // A slot with nothing to send passes silently.
  const empty = fresh.filter((item) => !pending.has(item.config.userId));
  await passEmptySlots(deps, empty, now);
  stats.empty += empty.length;
  const due = fresh.filter((item) => pending.has(item.config.userId));
  if (due.length === 0) return undefined;
  return recordRuns(deps, due, pending, since, now);
}

/** The configs in a rare state, each through `processConfig`; one failing stops no other. */
async function processOneByOne(
  deps: DigestJobDeps,
  items: Leased[],
  openRuns: Map<number, DigestRunRow>,
  stats: DigestJobStats,
  concurrency: number,
) {
  await mapPool(items, concurrency, async (item) => {
    try {
      count(stats, await processConfig(deps, item, openRuns.get(item.config.userId)));
    } catch (err) {
      deps.log?.warn({ err, userId: item.config.userId }, 'digest failed unexpectedly');
    }
  });
}

/** Releases configs whose slot has nothing to send, each with its next slot. */
async function passEmptySlots(deps: DigestJobDeps, empty: Leased[], now: Date) {
  await releaseWithSlots(
    deps.db,
    empty.map(({ config }) => ({
      configId: config.id,
      nextSlotAt: nextSlotAfter(now, scheduleOf(config, deps.instantMinutes)),
    })),
  );
}

/**
 * Renders each due user's digest, then records its run (the exact mention ids and a fresh
 * Message-ID) and marks it sending, committed before any SMTP conversation begins.
 */
async function recordRuns(
  deps: DigestJobDeps,
  due: Leased[],
  pending: Map<number, number[]>,
  instantSince: Map<number, Date>,
  now: Date,
): Promise<PreparedBatch> {
  const { db } = deps;
  const runsOf = new Map(due.map(({ config }) => [config.userId, pending.get(config.userId)!]));
  const listed = await listedMentionsFor(db, runsOf, LISTED_MENTIONS);
  const totals = await countByKeywordFor(db, runsOf);
  const rendered = new Map(
    due.map(({ config }) => [
      config.userId,
      renderFor(
        deps,
        config,
        listed.get(config.userId) ?? [],
        totals.get(config.userId),
        instantSince.get(config.userId),
      ),
    ]),
  );
  const runs = await insertRuns(
    db,
    due.map(({ config }) => {
      const ids = pending.get(config.userId)!;
      return {
        userId: config.userId,
        messageId: newMessageId(deps.appUrl, 'digest'),
        status: 'pending',
        slotAt: config.nextSlotAt!,
        mentionIds: ids,
        mentionCount: ids.length,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  const attempts = await markSendingMany(
    db,
    runs.map((run) => run.id),
    deps.clock.now(),
  );
  const byUser = new Map(due.map((item) => [item.config.userId, item]));
  return { runs, byUser, rendered, attempts };
}

/**
 * The second half of one leased batch: sends its runs, settles each failed one, and completes
 * the accepted ones together (their mentions marked, the next slots set).
 */
async function deliverBatch(
  deps: DigestJobDeps,
  { runs, byUser, rendered, attempts }: PreparedBatch,
  stats: DigestJobStats,
  concurrency: number,
) {
  const accepted: { run: DigestRunRow; configId: number; nextSlotAt: Date }[] = [];
  await mapPool(runs, concurrency, async (run) => {
    const { config, email } = byUser.get(run.userId)!;
    let result: SendResult;
    try {
      result = await send(deps, run, config, email, rendered.get(run.userId)!);
    } catch (err) {
      // Not a result: the attempt stays "sending" under its lease (see processConfig).
      deps.log?.warn({ err, userId: run.userId }, 'digest send failed unexpectedly');
      return;
    }
    if (result.status === 'accepted') {
      accepted.push({
        run,
        configId: config.id,
        nextSlotAt: nextSlotAfter(deps.clock.now(), scheduleOf(config, deps.instantMinutes)),
      });
    } else {
      count(stats, await settle(deps, run, config, attempts.get(run.id) ?? 1, result));
    }
  });
  await completeRuns(deps.db, accepted, deps.clock.now());
  stats.sent += accepted.length;
}
