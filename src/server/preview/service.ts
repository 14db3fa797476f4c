import type { Preview, PreviewExample, previewRequestSchema } from '@shared/api/preview';
import { estimateVolume, type VolumeEstimate } from '@shared/volume-estimate';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { RateLimiterFactory } from '../http/rate-limiter';
import { RateLimitedError } from '../http/errors';
import { searchAlert } from '../ingestion';
import type { AlertInput } from '../matching';
import { BudgetBusyError, type RedditClient } from '../reddit';
import type { RecentItemWindow } from './recent-window';

export const PREVIEWS_PER_MINUTE = 60;
const WEEK_CACHE_MS = 10 * 60_000;
const WEEK_CACHE_SIZE = 500;
/** Shorter than this, a rate says little: no "a day" figure yet. */
const MIN_SPAN_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
const SEARCH_LIMIT = 100;

/** Matches a day over `spanMs`: tenths below 10 (3 in a week is 0.4 a day, not none). */
function perDayOver(matches: number, spanMs: number): number {
  const rate = (matches * DAY_MS) / spanMs;
  return rate < 10 ? Math.round(rate * 10) / 10 : Math.round(rate);
}

type PreviewInput = z.infer<typeof previewRequestSchema>;
type Week = NonNullable<Preview['week']> & { examples: PreviewExample[]; spanMs: number };

/** The estimate from more matches is the one to say (one match of the hour beats none). */
const better = (a: VolumeEstimate | null, b: VolumeEstimate | null) =>
  !a || (b && b.matches > a.matches) ? b : a;

export type PreviewService = ReturnType<typeof createPreviewService>;

/**
 * The keyword dialog's volume preview: the query, with the dialog's subreddits and options, run
 * against what Earshot read in the last hour (scaled to a day), and against Reddit's search of
 * the past week. The window search is CPU work (up to its 200 ms budget), hence the per-user
 * limit; the week search is one Reddit request, cached per query for ten minutes.
 */
export function createPreviewService(deps: {
  clock: Clock;
  window?: RecentItemWindow;
  reddit?: RedditClient;
  log?: Logger | { warn: (obj: object, msg: string) => void };
  rateLimiter: RateLimiterFactory;
}) {
  const { clock, window, reddit } = deps;
  const perUser = deps.rateLimiter({
    bucket: 'preview-per-user',
    max: PREVIEWS_PER_MINUTE,
    windowMs: 60_000,
    message: `You can preview ${PREVIEWS_PER_MINUTE} keywords a minute. Please wait a moment.`,
  });
  const weeks = new Map<string, { at: number; week: Week }>();

  /** The past week on Reddit's search, from the cache or one request; null when not now. */
  async function pastWeek(userId: number, alert: AlertInput): Promise<Week | null> {
    if (!reddit) return null;
    const key = JSON.stringify([
      alert.keyword,
      alert.subreddits,
      alert.includeComments,
      alert.titlesOnly,
    ]);
    const now = clock.now();
    const cached = weeks.get(key);
    if (cached && now.getTime() - cached.at < WEEK_CACHE_MS) return cached.week;
    let found;
    try {
      // Reddit's search costs the shared request budget: it draws from the interactive share,
      // this user's fair part of it (decision record 022); answers are cached.
      found = await searchAlert(reddit, alert, now, { priority: 'interactive', user: userId });
    } catch (err) {
      if (err instanceof BudgetBusyError) {
        throw new RateLimitedError(err.message, Math.ceil((err.retryAfterMs ?? 60_000) / 1000));
      }
      // The hour's figure still stands; the diagnostic page's test says what Reddit answered.
      deps.log?.warn({ err }, 'volume preview: past-week search failed');
      return null;
    }
    const capped = found.length >= SEARCH_LIMIT;
    const oldest = found.at(-1)?.item.createdAt.getTime() ?? now.getTime();
    const spanMs = capped ? now.getTime() - oldest : 7 * DAY_MS;
    const week: Week = {
      matches: found.length,
      capped,
      perDay: spanMs > 0 ? perDayOver(found.length, spanMs) : null,
      spanMs,
      examples: found.slice(0, 5).map(({ item }) => ({
        kind: item.kind,
        source: 'reddit' as const,
        place: `r/${item.community}`,
        subreddit: item.community,
        title: item.title,
        permalink: item.permalink,
        seenAt: item.createdAt.toISOString(),
      })),
    };
    if (weeks.size >= WEEK_CACHE_SIZE) weeks.delete(weeks.keys().next().value as string);
    weeks.set(key, { at: now.getTime(), week });
    return week;
  }

  return {
    async preview(userId: number, input: PreviewInput): Promise<Preview> {
      await perUser.hit(String(userId));
      const alert: AlertInput = {
        id: 0,
        keyword: input.keyword,
        subreddits: input.subreddits?.toLowerCase() ?? null,
        includeComments: input.includeComments,
        titlesOnly: input.titlesOnly,
        minScore: 0,
        sources: input.sources,
        isActive: true,
        isPaused: false,
      };
      const found = window?.search(alert);
      // Reddit's search of the week counts only for a keyword that hears Reddit.
      const week =
        input.sources?.includes('reddit') === false ? null : await pastWeek(userId, alert);
      const weekPart = week && { matches: week.matches, capped: week.capped, perDay: week.perDay };
      const weekEstimate = week && estimateVolume(week.matches, week.spanMs);
      if (!found) {
        return {
          basis: week ? 'week' : 'unavailable',
          matches: 0,
          items: 0,
          minutes: 0,
          perDay: null,
          estimate: weekEstimate,
          complete: true,
          examples: week?.examples ?? [],
          week: weekPart,
        };
      }
      // Nothing read (a fresh install reads Reddit only once a keyword is saved): no estimate.
      const readEnough = found.items > 0 && found.spanMs >= MIN_SPAN_MS;
      const perDay = readEnough ? perDayOver(found.matches, found.spanMs) : null;
      const hourEstimate = readEnough ? estimateVolume(found.matches, found.spanMs) : null;
      return {
        basis: 'window',
        matches: found.matches,
        items: found.items,
        minutes: Math.round(found.spanMs / 6_000) / 10,
        perDay,
        // Minutes of reading say no pace, but their matches outweigh a week's search that found
        // fewer: its "none lately" beside this hour's examples would contradict them.
        estimate: better(
          hourEstimate,
          weekEstimate && weekEstimate.matches >= found.matches ? weekEstimate : null,
        ),
        complete: found.complete,
        // The hour's own matches first; Reddit's search fills in while the hour has few.
        examples: [
          ...found.examples,
          ...(week?.examples ?? []).filter(
            (e) => !found.examples.some((o) => o.permalink === e.permalink),
          ),
        ].slice(0, 5),
        week: weekPart,
      };
    },
  };
}
