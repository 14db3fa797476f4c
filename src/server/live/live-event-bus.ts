import type { LiveEvent } from '@shared/api/live-events';
import { z } from 'zod';
import type { Database } from '../db/client';
import { LIVE_CHANNEL } from './notify-live';

type Subscriber = (event: LiveEvent) => void;

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
export function createLiveEventBus(database: Database, onError: (error: unknown) => void) {
  const byUser = new Map<number, Set<Subscriber>>();
  let unlisten: (() => Promise<void>) | undefined;

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
