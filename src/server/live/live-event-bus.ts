import type { LiveEvent } from '@shared/api/live-events';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { LIVE_CHANNEL } from './notify-live';

type Subscriber = (event: LiveEvent) => void;

/**
 * How long a workspace's last stored mentions count as news to a stream that opens: longer than
 * a page takes from its first fetches to its stream's start on a loaded machine.
 */
const CATCH_UP_MS = 30_000;

const noticeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mentions'), workspaceId: z.number().int() }),
  z.object({
    type: z.literal('status'),
    listingId: z.number().int(),
    at: z.string(),
    ok: z.boolean(),
  }),
]);

/**
 * Hands each NOTIFY on the live channel to the open streams it concerns: mentions to their
 * user's streams, listing reads to every stream. One LISTEN per process, however many tabs:
 * on PostgreSQL every web process gets every worker's notices; on PGlite they stay in process.
 * Built once in main.ts (tests build their own) and passed to buildApp.
 */
export function createLiveEventBus(
  database: Database,
  clock: Clock,
  onError: (error: unknown) => void,
) {
  const byUser = new Map<number, Set<Subscriber>>();
  // When each workspace last had mentions stored (ms), for streams that open just after.
  const lastMentions = new Map<number, number>();
  let unlisten: (() => Promise<void>) | undefined;
  const isRecent = (at: number | undefined, now: number) =>
    at !== undefined && now - at < CATCH_UP_MS;

  const send = (subscribers: Iterable<Subscriber>, event: LiveEvent) => {
    for (const subscriber of subscribers) subscriber(event);
  };
  const everyone = function* () {
    for (const set of byUser.values()) yield* set;
  };

  const deliver = (payload: string | undefined) => {
    // The listener reconnected: what was sent meanwhile is lost, so every tab refetches.
    if (payload === undefined) return send(everyone(), { type: 'resync' });
    let notice;
    try {
      notice = noticeSchema.parse(JSON.parse(payload));
    } catch (error) {
      return onError(error);
    }
    if (notice.type === 'mentions') {
      const now = clock.now().getTime();
      lastMentions.set(notice.workspaceId, now);
      if (lastMentions.size > 1_000) {
        for (const [id, at] of lastMentions) if (!isRecent(at, now)) lastMentions.delete(id);
      }
      send(byUser.get(notice.workspaceId) ?? [], { type: 'mentions' });
    } else {
      send(everyone(), notice);
    }
  };

  return {
    async start() {
      unlisten ??= await database.listen(LIVE_CHANNEL, deliver, onError);
    },
    /** Calls `subscriber` with the user's events until the returned function is called. */
    subscribe(workspaceId: number, subscriber: Subscriber) {
      const set = byUser.get(workspaceId) ?? new Set<Subscriber>();
      set.add(subscriber);
      byUser.set(workspaceId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(workspaceId);
      };
    },
    /**
     * Whether the workspace had mentions stored in the last half minute: a page that opens its
     * stream now may have fetched before they were stored, and hears of them from the stream.
     */
    mentionsLately(workspaceId: number) {
      return isRecent(lastMentions.get(workspaceId), clock.now().getTime());
    },
    /** Open streams, for tests and logs. */
    get subscriberCount() {
      let count = 0;
      for (const set of byUser.values()) count += set.size;
      return count;
    },
    async close() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

export type LiveEventBus = ReturnType<typeof createLiveEventBus>;
