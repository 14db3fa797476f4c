import { leaseDueConfigs, releaseConfig } from './lease-repo';
import { closeRun, completeRun, type DigestRunRow } from './run-repo';
import { firstDueSlot, nextSlotAfter } from './schedule';
import { attempt } from './send-run';
import { scheduleOf } from './settings-repo';
import type { DigestJobDeps, DigestJobStats } from './types';

/** A leased digest config with its user's address. */
export type Leased = Awaited<ReturnType<typeof leaseDueConfigs>>[number];

/**
 * A config in a rare state, alone: an open run to close, cancel, defer or retry; digests off;
 * or no slot due yet. Returns what it counts as.
 */
export async function processConfig(
  deps: DigestJobDeps,
  { config, email }: Leased,
  open: DigestRunRow | undefined,
): Promise<keyof DigestJobStats | undefined> {
  const { db, clock } = deps;
  const now = clock.now();
  const schedule = scheduleOf(config, deps.instantMinutes);

  if (open) {
    if (open.status === 'sending') {
      // An attempt began and never reported back (crash, lost connection after the data):
      // it may have been delivered, so it is closed as sent rather than risk a second copy.
      await completeRun(db, open, config, {
        now,
        nextSlotAt: nextSlotAfter(now, schedule),
        note: 'Delivery was not confirmed: the sending attempt was interrupted',
      });
      return 'recovered';
    }
    if (!config.isActive) {
      await closeRun(db, open, config, {
        now,
        status: 'cancelled',
        error: 'Digests were turned off',
      });
      return undefined;
    }
    if (open.nextAttemptAt && open.nextAttemptAt > now) {
      await releaseConfig(db, config.id, { retryAt: open.nextAttemptAt });
      return undefined;
    }
    return attempt(deps, open, config, email);
  }

  if (!config.isActive) {
    await releaseConfig(db, config.id, { retryAt: null });
    return undefined;
  }
  if (!config.nextSlotAt || config.nextSlotAt > now) {
    const nextSlotAt =
      config.nextSlotAt ??
      firstDueSlot(schedule, { lastSent: config.lastSent, savedAt: config.updatedAt });
    await releaseConfig(db, config.id, { nextSlotAt, retryAt: null });
    return undefined;
  }

  // Due with no open run: prepareBatch handles these (not reached).
  await releaseConfig(db, config.id, {});
  return undefined;
}
