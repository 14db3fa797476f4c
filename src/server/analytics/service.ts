import { ANALYTICS_TOP, type Analytics, type AnalyticsDays } from '@shared/api/analytics';
import type { SourceName } from '@shared/sources';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { lastLocalDays } from '../mentions';
import * as repo from './repo';

/**
 * Up to this many items in a period, its top communities and authors are counted as asked (a
 * few milliseconds); above it they are kept in analytics_tops and recounted at most every
 * TOPS_FRESH_MS in the background, so a workspace of a million mentions answers from its hourly
 * counts and a list a few minutes old (decision 034).
 */
export const INLINE_TOPS_ITEMS = 5_000;
export const TOPS_FRESH_MS = 10 * 60_000;

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export function createAnalyticsService(deps: {
  db: Db;
  clock: Clock;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, clock, log } = deps;
  const recounting = new Map<string, Promise<void>>();

  const countTops = async (workspaceId: number, days: number, bounds: Date[]) => {
    const tops = await repo.topsOf(db, workspaceId, bounds, ANALYTICS_TOP);
    await repo.storeTops(db, workspaceId, days, clock.now(), tops);
    return tops;
  };

  /** One recount per workspace and period at a time, its failure logged, not thrown. */
  const recountLater = (workspaceId: number, days: number, bounds: Date[]) => {
    const key = `${workspaceId} ${days}`;
    if (recounting.has(key)) return;
    const run = countTops(workspaceId, days, bounds)
      .then(() => undefined)
      .catch((error: unknown) =>
        log.error({ err: error, workspaceId }, 'analytics tops recount failed'),
      )
      .finally(() => recounting.delete(key));
    recounting.set(key, run);
  };

  async function topLists(workspaceId: number, days: number, bounds: Date[], items: number) {
    if (items <= INLINE_TOPS_ITEMS) return repo.topsOf(db, workspaceId, bounds, ANALYTICS_TOP);
    const stored = await repo.storedTops(db, workspaceId, days);
    if (!stored) return countTops(workspaceId, days, bounds);
    if (clock.now().getTime() - stored.computedAt.getTime() > TOPS_FRESH_MS) {
      recountLater(workspaceId, days, bounds);
    }
    return stored.tops;
  }

  return {
    /** The last `days` local days of the workspace, today included, in the user's time zone. */
    async get(
      workspace: { id: number; timezone: string },
      days: AnalyticsDays,
    ): Promise<Analytics> {
      const { days: dayList, bounds } = lastLocalDays(clock.now(), workspace.timezone, days);
      const [perDay, bySource, replies] = await Promise.all([
        repo.mentionsPerDay(db, workspace.id, bounds),
        repo.itemsBySource(db, workspace.id, bounds),
        repo.replyFigures(db, workspace.id, bounds),
      ]);
      const total = bySource.reduce((sum, row) => sum + row.mentions, 0);
      const tops = await topLists(workspace.id, days, bounds, total);
      return {
        days,
        timezone: workspace.timezone,
        from: dayList[0],
        to: dayList.at(-1)!,
        perDay: perDay.map(({ bucket, ...row }) => ({ day: dayList[bucket - 1], ...row })),
        bySource: bySource.map((row) => ({ ...row, source: row.source as SourceName })),
        topCommunities: tops.communities.map((row) => ({
          ...row,
          source: row.source as SourceName,
        })),
        topAuthors: tops.authors.map((row) => ({ ...row, source: row.source as SourceName })),
        mentions: total,
        replied: Math.min(replies.replied, total),
        replyRate: total === 0 ? 0 : Math.min(1, replies.replied / total),
        medianMinutesToReply:
          replies.medianMinutes === null ? null : Math.round(replies.medianMinutes * 10) / 10,
        detectedReplies: replies.detected,
        replyScore: replies.score,
        replyReplies: replies.replies,
      };
    },

    /** Waits for the recounts under way (the app's close). */
    async settled() {
      await Promise.all(recounting.values());
    },
  };
}
