import type { WeeklyReportUpdate } from '@shared/api/digests';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { DigestService } from '../digests/service';
import { setWeeklyReport } from './settings-repo';

export type WeeklyReportService = ReturnType<typeof createWeeklyReportService>;

/** The weekly report's switch, part of the digest settings the Notifications tab reads. */
export function createWeeklyReportService(deps: { db: Db; clock: Clock; digests: DigestService }) {
  const { db, clock, digests } = deps;
  return {
    /** Answers the whole digest config, as GET /api/digest-config does. */
    async update(user: { id: number; timezone: string }, input: WeeklyReportUpdate) {
      // The config may not exist yet (accounts older than digests): reading creates it.
      await digests.get(user);
      await setWeeklyReport(db, user.id, input.isActive, clock.now());
      return digests.get(user);
    },

    /** From an unsubscribe link (off) or its page (back on). */
    setActive(userId: number, isActive: boolean) {
      return setWeeklyReport(db, userId, isActive, clock.now());
    },
  };
}
