import type { DigestConfig, DigestConfigUpdate } from '@shared/api/digests';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { firstDueSlot } from './schedule';
import { tokenMatches, tokenUserId } from './unsubscribe-token';
import { scheduleOf as storedSchedule } from './settings-repo';
import * as repo from './settings-repo';

export type DigestService = ReturnType<typeof createDigestService>;

export function createDigestService(deps: {
  db: Db;
  clock: Clock;
  /** INSTANT_EMAIL_MINUTES: the window of the `instant` cadence (default 5). */
  instantMinutes?: number;
}) {
  const { db, clock } = deps;
  const scheduleOf = (row: repo.DigestConfigRow) => storedSchedule(row, deps.instantMinutes);

  /** The config, created with defaults for accounts that predate digests. */
  async function ensure(userId: number, timezone: string) {
    const found = await repo.findConfig(db, userId);
    if (found) return found;
    await repo.insertDefaultDigestConfig(db, userId, timezone, clock.now());
    return (await repo.findConfig(db, userId))!;
  }

  async function toDto(row: repo.DigestConfigRow): Promise<DigestConfig> {
    const [sent, problem] = await Promise.all([
      repo.lastSentRun(db, row.userId),
      repo.lastProblemRun(db, row.userId),
    ]);
    const nextSlotAt =
      row.nextSlotAt ??
      firstDueSlot(scheduleOf(row), { lastSent: row.lastSent, savedAt: row.updatedAt });
    const problemIsNewer =
      problem && (!sent?.sentAt || problem.updatedAt.getTime() > sent.sentAt.getTime());
    return {
      frequency: scheduleOf(row).frequency,
      time: row.time,
      timezone: row.timezone,
      weekday: row.weekday,
      isActive: row.isActive,
      nextSendAt: row.isActive ? nextSlotAt.toISOString() : null,
      lastDigest: sent?.sentAt
        ? { sentAt: sent.sentAt.toISOString(), mentionCount: sent.mentionCount }
        : null,
      lastFailure: problemIsNewer
        ? {
            at: problem.updatedAt.toISOString(),
            message: problem.lastError ?? 'The digest could not be delivered',
            retrying: problem.status === 'retry',
            nextAttemptAt: problem.nextAttemptAt?.toISOString() ?? null,
          }
        : null,
      weeklyReport: {
        isActive: row.weeklyReport,
        nextSendAt: (row.weeklyReport && row.weeklyReportAt?.toISOString()) || null,
      },
    };
  }

  async function setActive(userId: number, isActive: boolean) {
    const now = clock.now();
    const row = (await repo.findConfig(db, userId))!;
    const nextSlotAt = firstDueSlot(scheduleOf(row), { lastSent: row.lastSent, savedAt: now });
    await repo.updateConfig(db, userId, { isActive, updatedAt: now, nextSlotAt });
  }

  return {
    async get(user: { id: number; timezone: string }) {
      return toDto(await ensure(user.id, user.timezone));
    },

    /** Saving moves the next slot: only slots after this moment (and after lastSent) count. */
    async update(user: { id: number; timezone: string }, input: DigestConfigUpdate) {
      const current = await ensure(user.id, user.timezone);
      const now = clock.now();
      const nextSlotAt = firstDueSlot(
        { ...input, instantMinutes: deps.instantMinutes },
        { lastSent: current.lastSent, savedAt: now },
      );
      // One timezone per user: the one chosen here is also the one "today", the activity chart
      // and the date filter count days in (users.timezone, first set at registration).
      const row = await db.transaction(async (tx) => {
        if (input.timezone !== user.timezone) {
          await repo.updateUserTimezone(tx, user.id, input.timezone);
        }
        return repo.updateConfig(tx, user.id, { ...input, updatedAt: now, nextSlotAt });
      });
      return toDto(row);
    },

    /** The user a valid unsubscribe token names, or undefined (tampered, revoked, unknown). */
    async verifyToken(token: string) {
      const userId = tokenUserId(token);
      if (userId === undefined) return undefined;
      const row = await repo.findConfig(db, userId);
      if (!row || !tokenMatches(token, userId, row.unsubscribeSecret)) return undefined;
      return { userId, isActive: row.isActive, weeklyReport: row.weeklyReport };
    },

    setActive,
  };
}
