import type { SendResult } from '../types';
import { renderDigest, type DigestMention, type RenderedDigest } from './render';
import { countByKeywordFor, instantWindowStarts, listedMentionsFor } from './mention-repo';
import { closeRun, completeRun, markSending, scheduleRetry, type DigestRunRow } from './run-repo';
import { nextSlotAfter } from './schedule';
import { scheduleOf, type DigestConfigRow } from './settings-repo';
import { unsubscribeMailto, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';
import type { DigestJobDeps, DigestJobStats } from './types';

/** Rendering, sending and settling one recorded digest run: the job's per-run half. */

/** At most this many mentions are listed; the email counts the rest and links to the dashboard. */
export const LISTED_MENTIONS = 100;
/** Waits after the 1st, 2nd, … temporary failure; after the last the run fails. */
export const RETRY_BACKOFF_MS = [1, 5, 15, 60, 180].map((minutes) => minutes * 60_000);
export const MAX_ATTEMPTS = RETRY_BACKOFF_MS.length + 1;

/** Where each instant email's window starts, for those of `configs` set to instant. */
export function instantWindows(deps: DigestJobDeps, configs: DigestConfigRow[]) {
  const instant = configs.filter(
    (config) => scheduleOf(config, deps.instantMinutes).frequency === 'instant',
  );
  return instantWindowStarts(
    deps.db,
    instant.map((config) => ({ userId: config.userId, savedAt: config.updatedAt })),
  );
}

export function renderFor(
  deps: DigestJobDeps,
  config: DigestConfigRow,
  mentions: DigestMention[],
  byKeyword = new Map<string, number>(),
  /** An instant email's window start, said in it ("since 14:05"). */
  since?: Date,
) {
  return renderDigest({
    appUrl: deps.appUrl,
    supportEmail: deps.supportEmail,
    frequency: scheduleOf(config, deps.instantMinutes).frequency,
    timezone: config.timezone,
    since,
    sentAt: deps.clock.now(),
    total: [...byKeyword.values()].reduce((a, b) => a + b, 0),
    totalsByKeyword: byKeyword,
    mentions,
    unsubscribeUrl: unsubscribeUrl(
      deps.appUrl,
      unsubscribeToken(config.userId, config.unsubscribeSecret),
    ),
  });
}

export function send(
  deps: DigestJobDeps,
  run: DigestRunRow,
  config: DigestConfigRow,
  email: string,
  rendered: RenderedDigest,
) {
  const token = unsubscribeToken(config.userId, config.unsubscribeSecret);
  return deps.mailer.send({
    to: email,
    ...rendered,
    messageId: run.messageId,
    date: run.createdAt,
    listUnsubscribe: {
      url: unsubscribeUrl(deps.appUrl, token),
      mailto: unsubscribeMailto(deps.mailFrom, token),
    },
  });
}

/** One more attempt of a recorded run (a retry). */
export async function attempt(
  deps: DigestJobDeps,
  run: DigestRunRow,
  config: DigestConfigRow,
  email: string,
): Promise<keyof DigestJobStats> {
  // The same mentions under the same Message-ID (mentions deleted since simply drop out).
  const runOf = new Map([[run.userId, run.mentionIds]]);
  const listed = await listedMentionsFor(deps.db, runOf, LISTED_MENTIONS);
  const totals = await countByKeywordFor(deps.db, runOf);
  if (!totals.has(run.userId)) {
    await closeRun(deps.db, run, config, {
      now: deps.clock.now(),
      status: 'cancelled',
      error: 'Its mentions were deleted',
    });
    return 'empty';
  }
  const since = (await instantWindows(deps, [config])).get(run.userId);
  const rendered = renderFor(
    deps,
    config,
    listed.get(run.userId) ?? [],
    totals.get(run.userId),
    since,
  );
  const attempts = await markSending(deps.db, run.id, deps.clock.now());
  return settle(deps, run, config, attempts, await send(deps, run, config, email, rendered));
}

/** Records what became of an attempt. */
export async function settle(
  deps: DigestJobDeps,
  run: DigestRunRow,
  config: DigestConfigRow,
  attempts: number,
  result: SendResult,
): Promise<keyof DigestJobStats> {
  const { db, clock } = deps;
  const now = clock.now();
  const schedule = scheduleOf(config, deps.instantMinutes);

  if (result.status === 'accepted') {
    await completeRun(db, run, config, {
      now,
      nextSlotAt: nextSlotAfter(now, schedule),
      note: null,
    });
    return 'sent';
  }
  if (result.status === 'temporary' && !result.notDelivered) {
    await completeRun(db, run, config, {
      now,
      nextSlotAt: nextSlotAfter(now, schedule),
      note: `Delivery was not confirmed: ${result.reason}`,
    });
    return 'recovered';
  }
  if (result.status === 'temporary' && attempts < MAX_ATTEMPTS) {
    const at = new Date(now.getTime() + RETRY_BACKOFF_MS[attempts - 1]);
    await scheduleRetry(db, run, config, { now, at, error: result.reason });
    return 'retrying';
  }
  const error =
    result.status === 'permanent'
      ? `The mail server refused the digest: ${result.reason}`
      : `Gave up after ${attempts} attempts: ${result.reason}`;
  // The mentions stay undigested: the next slot's digest carries them.
  await closeRun(db, run, config, {
    now,
    status: 'failed',
    error,
    nextSlotAt: nextSlotAfter(now, schedule),
  });
  return 'failed';
}
