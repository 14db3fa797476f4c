import { mapPool } from '../../lib/pool';
import { newMessageId } from '../mailer';
import { dueUsers, recordClaims, type Claim, type DueUser } from './claim-repo';
import { leaseOpenReports, pruneReports, settleReport } from './report-repo';
import { LATE_LIMIT_MS, latestSlot, reportSlotAfter, weekBefore } from './schedule';
import { deliver } from './send';
import type { WeeklyReportJobDeps, WeeklyReportJobStats } from './types';

export type { WeeklyReportJobDeps, WeeklyReportJobStats } from './types';

/** Finished reports are kept this long: only the newest week could be claimed twice. */
const HISTORY_MS = 90 * 24 * 60 * 60_000;

/**
 * One pass of the weekly report job (decision 035), in two halves, each in bounded batches
 * within a time box. First every opted-in user whose Monday 08:00 has passed gets the row of
 * the week just ended — at most one per user and ISO week, whatever other workers or restarts
 * do — and their slot moves to next Monday. Then the open reports are leased and sent, with the
 * digests' rules: recorded before sending, retried on temporary failures (1, 5, 15, 60, 180
 * minutes), and closed as sent rather than resent when an attempt's outcome is unknown.
 */
export async function runWeeklyReportJob(deps: WeeklyReportJobDeps): Promise<WeeklyReportJobStats> {
  const stats: WeeklyReportJobStats = {
    claimed: 0,
    skipped: 0,
    sent: 0,
    empty: 0,
    retrying: 0,
    failed: 0,
    recovered: 0,
    cancelled: 0,
  };
  const started = Date.now();
  const inTime = () => Date.now() - started < (deps.timeBoxMs ?? 50_000);
  const batchSize = deps.batchSize ?? 50;
  const { db, clock } = deps;

  while (inTime()) {
    const due = await dueUsers(db, clock.now(), batchSize);
    await claimWeeks(deps, due, stats);
    if (due.length < batchSize) break;
  }
  // Old rows go when new ones come (Monday mornings), not on every pass of the minute.
  if (stats.claimed > 0) await pruneReports(db, new Date(clock.now().getTime() - HISTORY_MS));

  // A report is handled at most once per pass, whatever state it is left in.
  const seen = new Set<number>();
  while (inTime()) {
    const leased = await leaseOpenReports(db, clock.now(), deps.leaseMs ?? 10 * 60_000, batchSize);
    const fresh = leased.filter((item) => !seen.has(item.report.id));
    for (const { report } of leased) {
      if (seen.has(report.id)) await settleReport(db, report.id, { now: clock.now() });
      seen.add(report.id);
    }
    if (fresh.length === 0) break;
    await mapPool(fresh, deps.concurrency ?? 4, async (item) => {
      try {
        stats[await deliver(deps, item)] += 1;
      } catch (err) {
        // The lease stays and runs out; an attempt caught mid-send is then closed, not resent.
        deps.log?.warn({ err, userId: item.report.userId }, 'weekly report failed unexpectedly');
      }
    });
  }
  return stats;
}

/** Records the week each due user's passed slot reports, and moves their slots on. */
async function claimWeeks(deps: WeeklyReportJobDeps, due: DueUser[], stats: WeeklyReportJobStats) {
  const now = deps.clock.now();
  const claims: Claim[] = [];
  const moves = due.map((user) => ({
    userId: user.userId,
    from: user.slotAt!,
    to: reportSlotAfter(now, user.timezone),
  }));
  for (const user of due) {
    const slot = latestSlot(now, user.timezone);
    // Mail goes only to verified addresses (decision 009), and a report is a Monday morning's:
    // one found more than a day late (the worker was down) is skipped, not sent midweek.
    if (!user.verified || now.getTime() - slot.getTime() > LATE_LIMIT_MS) {
      stats.skipped += 1;
      continue;
    }
    claims.push({
      userId: user.userId,
      week: weekBefore(slot, user.timezone),
      slotAt: slot,
      messageId: newMessageId(deps.appUrl, 'weekly-report'),
    });
  }
  await recordClaims(deps.db, claims, moves, now);
  stats.claimed += claims.length;
}
