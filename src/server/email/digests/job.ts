import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { newMessageId } from '../mailer';
import type { MailLogger, Mailer } from '../types';
import { renderDigest } from './render';
import * as repo from './repo';
import { firstDueSlot, nextSlotAfter, type DigestSchedule } from './schedule';
import { unsubscribeMailto, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

export interface DigestJobDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  mailFrom: string;
  log?: MailLogger;
  /** Configs leased per round trip (default 25). */
  batchSize?: number;
  /** Digests rendered and sent at once (default 8; the SMTP pool has 5 connections). */
  concurrency?: number;
  /** How long a lease keeps other workers off a config (default 10 minutes). */
  leaseMs?: number;
  /** A pass stops leasing new work after this long (default 50 s), so ticks do not pile up. */
  timeBoxMs?: number;
}

export interface DigestJobStats {
  sent: number;
  empty: number;
  retrying: number;
  failed: number;
  recovered: number;
}

/** At most this many mentions are listed; the email counts the rest and links to the dashboard. */
export const LISTED_MENTIONS = 100;
/** Waits after the 1st, 2nd, … temporary failure; after the last the run fails. */
export const RETRY_BACKOFF_MS = [1, 5, 15, 60, 180].map((minutes) => minutes * 60_000);
export const MAX_ATTEMPTS = RETRY_BACKOFF_MS.length + 1;

type Leased = Awaited<ReturnType<typeof repo.leaseDueConfigs>>[number];

function scheduleOf(config: repo.DigestConfigRow): DigestSchedule {
  return {
    frequency: config.frequency === 'weekly' ? 'weekly' : 'daily',
    time: config.time,
    timezone: config.timezone,
    weekday: config.weekday,
  };
}

/**
 * One pass of the digest job: lease due configs in small batches, and for each finish an open
 * run or build, record and send a new one. Only ids and at most 100 mentions per user are in
 * memory at a time, so the user count does not change the memory used.
 * Exactly-once rules: docs/decisions/020-digests-exactly-once.md.
 */
export async function runDigestJob(deps: DigestJobDeps): Promise<DigestJobStats> {
  const stats: DigestJobStats = { sent: 0, empty: 0, retrying: 0, failed: 0, recovered: 0 };
  const started = Date.now();
  const batchSize = deps.batchSize ?? 25;
  const concurrency = deps.concurrency ?? 8;
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  const timeBoxMs = deps.timeBoxMs ?? 50_000;

  // A config is handled at most once per pass, whatever state it is left in.
  const seen = new Set<number>();
  while (Date.now() - started < timeBoxMs) {
    const batch = await repo.leaseDueConfigs(deps.db, deps.clock.now(), leaseMs, batchSize);
    const leased = batch.filter((item) => !seen.has(item.config.id));
    for (const item of batch) {
      if (seen.has(item.config.id)) await repo.releaseConfig(deps.db, item.config.id, {});
      seen.add(item.config.id);
    }
    if (leased.length === 0) break;
    let next = 0;
    const lane = async () => {
      while (next < leased.length) {
        const item = leased[next++];
        try {
          const outcome = await processConfig(deps, item);
          if (outcome) stats[outcome] += 1;
        } catch (err) {
          // The lease stays and runs out; the next pass picks the config up again, and an
          // attempt caught mid-send is then closed without a resend.
          deps.log?.warn({ err, userId: item.config.userId }, 'digest failed unexpectedly');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, leased.length) }, lane));
  }
  return stats;
}

async function processConfig(
  deps: DigestJobDeps,
  { config, email }: Leased,
): Promise<keyof DigestJobStats | undefined> {
  const { db, clock } = deps;
  const now = clock.now();
  const schedule = scheduleOf(config);

  const open = await repo.findOpenRun(db, config.userId);
  if (open) {
    if (open.status === 'sending') {
      // An attempt began and never reported back (crash, lost connection after the data):
      // it may have been delivered, so it is closed as sent rather than risk a second copy.
      await repo.completeRun(db, open, config, {
        now,
        nextSlotAt: nextSlotAfter(now, schedule),
        note: 'Delivery was not confirmed: the sending attempt was interrupted',
      });
      return 'recovered';
    }
    if (!config.isActive) {
      await repo.closeRun(db, open, config, {
        now,
        status: 'cancelled',
        error: 'Digests were turned off',
      });
      return undefined;
    }
    if (open.nextAttemptAt && open.nextAttemptAt > now) {
      await repo.releaseConfig(db, config.id, { retryAt: open.nextAttemptAt });
      return undefined;
    }
    return attempt(deps, open, config, email);
  }

  if (!config.isActive) {
    await repo.releaseConfig(db, config.id, { retryAt: null });
    return undefined;
  }
  if (!config.nextSlotAt || config.nextSlotAt > now) {
    const nextSlotAt =
      config.nextSlotAt ??
      firstDueSlot(schedule, { lastSent: config.lastSent, savedAt: config.updatedAt });
    await repo.releaseConfig(db, config.id, { nextSlotAt, retryAt: null });
    return undefined;
  }

  const ids = await repo.pendingMentionIds(db, config.userId);
  if (ids.length === 0) {
    // A slot with nothing to send passes silently.
    await repo.releaseConfig(db, config.id, {
      nextSlotAt: nextSlotAfter(now, schedule),
      retryAt: null,
    });
    return 'empty';
  }
  const [listed, totals] = await Promise.all([
    repo.listedMentions(db, config.userId, ids, LISTED_MENTIONS),
    repo.countByKeyword(db, config.userId, ids),
  ]);
  const token = unsubscribeToken(config.userId, config.unsubscribeSecret);
  const rendered = renderDigest({
    appUrl: deps.appUrl,
    frequency: schedule.frequency,
    timezone: schedule.timezone,
    total: [...totals.values()].reduce((a, b) => a + b, 0),
    totalsByKeyword: totals,
    mentions: listed,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, token),
  });
  const run = await repo.insertRun(db, {
    userId: config.userId,
    messageId: newMessageId(deps.appUrl, 'digest'),
    status: 'pending',
    slotAt: config.nextSlotAt,
    mentionIds: ids,
    mentionCount: ids.length,
    subject: rendered.subject,
    html: rendered.html,
    textBody: rendered.text,
    createdAt: now,
    updatedAt: now,
  });
  return attempt(deps, run, config, email);
}

async function attempt(
  deps: DigestJobDeps,
  run: repo.DigestRunRow,
  config: repo.DigestConfigRow,
  email: string,
): Promise<keyof DigestJobStats> {
  const { db, clock } = deps;
  const attempts = await repo.markSending(db, run.id, clock.now());
  const token = unsubscribeToken(config.userId, config.unsubscribeSecret);
  const result = await deps.mailer.send({
    to: email,
    subject: run.subject ?? 'Your Earshot digest',
    html: run.html ?? '',
    text: run.textBody ?? '',
    messageId: run.messageId,
    date: run.createdAt,
    listUnsubscribe: {
      url: unsubscribeUrl(deps.appUrl, token),
      mailto: unsubscribeMailto(deps.mailFrom, token),
    },
  });
  const now = clock.now();
  const schedule = scheduleOf(config);

  if (result.status === 'accepted') {
    await repo.completeRun(db, run, config, {
      now,
      nextSlotAt: nextSlotAfter(now, schedule),
      note: null,
    });
    return 'sent';
  }
  if (result.status === 'temporary' && !result.notDelivered) {
    await repo.completeRun(db, run, config, {
      now,
      nextSlotAt: nextSlotAfter(now, schedule),
      note: `Delivery was not confirmed: ${result.reason}`,
    });
    return 'recovered';
  }
  if (result.status === 'temporary' && attempts < MAX_ATTEMPTS) {
    const at = new Date(now.getTime() + RETRY_BACKOFF_MS[attempts - 1]);
    await repo.scheduleRetry(db, run, config, { now, at, error: result.reason });
    return 'retrying';
  }
  const error =
    result.status === 'permanent'
      ? `The mail server refused the digest: ${result.reason}`
      : `Gave up after ${attempts} attempts: ${result.reason}`;
  // The mentions stay undigested: the next slot's digest carries them.
  await repo.closeRun(db, run, config, {
    now,
    status: 'failed',
    error,
    nextSlotAt: nextSlotAfter(now, schedule),
  });
  return 'failed';
}
