import { z } from 'zod';

/**
 * GET /api/events: one server-sent event stream per tab saying what changed for the signed-in
 * user, so the page refetches only that (decision 026). Each `data:` line is one of these.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** Mentions of the user's keywords were stored: the feeds, counts and keywords moved. */
  z.object({ type: z.literal('mentions') }),
  /** A listing was read: its time patches the monitoring line; a failure refetches it. */
  z.object({
    type: z.literal('status'),
    listingId: z.number().int(),
    at: z.string(),
    ok: z.boolean(),
  }),
  /** Events may have been lost (the server's listener reconnected): refetch everything. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The path of the stream. */
export const LIVE_EVENTS_PATH = '/api/events';
