import type { Preview, previewRequestSchema } from '@shared/api/preview';
import type { z } from 'zod';
import type { Clock } from '../clock';
import { createRateLimiter } from '../http/rate-limiter';
import type { RecentItemWindow } from './recent-window';

export const PREVIEWS_PER_MINUTE = 60;
/** Shorter than this, a rate says little: no "a day" figure yet. */
const MIN_SPAN_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export type PreviewService = ReturnType<typeof createPreviewService>;

/**
 * The keyword dialog's volume preview: the query, with the dialog's subreddits and options, run
 * against what Earshot read lately, scaled to a day. Each search is CPU work (up to its 200 ms
 * budget), hence the per-user limit; the dialog debounces its calls anyway.
 */
export function createPreviewService(deps: { clock: Clock; window?: RecentItemWindow }) {
  const { clock, window } = deps;
  const perUser = createRateLimiter({
    max: PREVIEWS_PER_MINUTE,
    windowMs: 60_000,
    clock,
    message: `You can preview ${PREVIEWS_PER_MINUTE} keywords a minute. Please wait a moment.`,
  });

  return {
    preview(userId: number, input: z.infer<typeof previewRequestSchema>): Preview {
      perUser.hit(String(userId));
      const found = window?.search({
        id: 0,
        keyword: input.keyword,
        subreddits: input.subreddits?.toLowerCase() ?? null,
        includeComments: input.includeComments,
        titlesOnly: input.titlesOnly,
        minScore: 0,
        isActive: true,
        isPaused: false,
      });
      if (!found) {
        const none = { matches: 0, items: 0, minutes: 0, perDay: null, complete: true };
        return { basis: 'unavailable', ...none, examples: [] };
      }
      return {
        basis: 'window',
        matches: found.matches,
        items: found.items,
        minutes: Math.round(found.spanMs / 6_000) / 10,
        perDay:
          found.spanMs >= MIN_SPAN_MS ? Math.round((found.matches * DAY_MS) / found.spanMs) : null,
        complete: found.complete,
        examples: found.examples,
      };
    },
  };
}
