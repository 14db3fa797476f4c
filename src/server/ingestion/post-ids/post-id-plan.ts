/**
 * The rules of the post-id enumeration (decision record 005, "Posts by id"). Pure.
 *
 * Reddit's post ids still count up site-wide (only comment ids become random), so every public
 * post, listed or not, has an id between the enumeration's position and r/all/new's cursor.
 * Asking `/api/info` for the ids no listing showed finds what r/all never lists (opted-out
 * subreddits, profiles), what a listing lost in a gap, and posts approved late.
 */
export const POST_IDS = {
  /** Fullnames per `/api/info` request. */
  batch: 100,
  /** Of a batch, at most this many re-checks of removed posts: new ids come first. */
  rechecksPerBatch: 20,
  /**
   * A removed post may be waiting for approval (spam filter, AutoModerator): asked again after
   * these delays, then left.
   */
  recheckDelaysMs: [10 * 60_000, 60 * 60_000, 6 * 3600_000],
  /**
   * Ids further behind the cursor than this are skipped: at Reddit's peak post rate (about 40
   * a second) two hours; older ones are no longer news.
   */
  maxBacklogIds: 300_000,
  /** Ids looked at per query for ones not yet seen: bounds each query's work. */
  scanIds: 20_000,
  /** The longest hop while probing a run of ids that do not exist. */
  maxStride: 4096,
} as const;

const POST_PREFIX = 't3_';

/** A post fullname's id as a number (`t3_1x0a2b` → 4,164,…); undefined for anything else. */
export function postIdNumber(fullname: string): number | undefined {
  if (!fullname.startsWith(POST_PREFIX)) return undefined;
  const digits = fullname.slice(POST_PREFIX.length);
  if (!/^[0-9a-z]{1,10}$/.test(digits)) return undefined;
  return parseInt(digits, 36);
}

export const postFullname = (id: number) => `${POST_PREFIX}${id.toString(36)}`;

/** When a post removed at its `checks`-th asking (0 = the first) is asked again; null: never. */
export function nextRecheckAt(checks: number, now: number): Date | null {
  const delay = POST_IDS.recheckDelaysMs[checks];
  return delay === undefined ? null : new Date(now + delay);
}

/**
 * Where the enumeration goes on after asking for `asked` (ascending ids, `stride` apart or
 * with seen ids between), given which of them Reddit answered. Reddit leaves ids unused now and
 * then; a run of a batch of consecutive ids with no answer is such a gap, and the next batch
 * probes ahead at a doubled stride (a gap of n ids costs log n requests) until an id answers,
 * or until the end of its range (`rangeEnd`: the cursor, or an id a listing showed, where the
 * sequence goes on). Then it reads one by one from just after the last unanswered probe, or
 * the last `2 × batch` ids before the range's end, without probing again before that end
 * (`denseUntil`), so that the ids just past a gap's end are all asked for.
 */
export function afterBatch(input: {
  asked: readonly number[];
  answered: ReadonlySet<number>;
  stride: number;
  /** The end of the range when the batch reached it (a short batch). */
  rangeEnd?: number;
  /** Probing is not allowed yet (reading densely up to a gap's end). */
  dense?: boolean;
}): { next: number; stride: number; gapIds: number; denseUntil?: number } {
  const { asked, answered, stride, rangeEnd } = input;
  const last = asked[asked.length - 1];
  const firstAnswer = asked.findIndex((id) => answered.has(id));
  if (stride > 1) {
    if (firstAnswer < 0 && rangeEnd !== undefined) {
      const next = Math.max(asked[0], rangeEnd - 2 * POST_IDS.batch + 1);
      return { next, stride: 1, gapIds: next - asked[0], denseUntil: rangeEnd };
    }
    if (firstAnswer < 0) {
      return {
        next: last + 1,
        stride: Math.min(stride * 2, POST_IDS.maxStride),
        gapIds: last + 1 - asked[0],
      };
    }
    // Densely again from just after the last probe that found nothing.
    const from = firstAnswer === 0 ? asked[0] : asked[firstAnswer - 1] + 1;
    return { next: from, stride: 1, gapIds: Math.max(0, from - asked[0]) };
  }
  // A batch shares its request with a few re-checks: most of one is enough to judge.
  const consecutive =
    asked.length >= POST_IDS.batch - POST_IDS.rechecksPerBatch &&
    last - asked[0] === asked.length - 1;
  if (consecutive && firstAnswer < 0 && !input.dense) {
    return { next: last + 1, stride: 2, gapIds: asked.length };
  }
  return { next: last + 1, stride: 1, gapIds: 0 };
}
