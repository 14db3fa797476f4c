import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { ChannelKind } from '@shared/api/channels';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { mentionItems } from '../mentions';
import { post } from './http';
import { toMessageItem, type MessageItem, type SenderContext } from './message';
import { classify } from './outcome';
import * as outbox from './outbox-repo';
import type { ChannelRow } from './repo';
import type { Sender } from './senders';

/** A lane that found nothing due looks again this often (`idleLooks` times) before it ends. */
const IDLE_WAIT_MS = 250;

/** Kept between the last send's possible end and the lease's end, for the settle's writes. */
const LEASE_MARGIN_MS = 2000;

export type DeliverySettings = {
  /** How long a worker holds leased deliveries (and their channel) before another may. */
  leaseMs: number;
  /** Channels taken per lease, and deliveries of them. */
  maxChannels: number;
  maxDeliveries: number;
  /** Backoff of a failed delivery: base · 2^(attempt-1), capped, half of it jitter. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** A delivery still failing this long after it was queued becomes a dead letter. */
  giveUpAfterMs: number;
  /** Per request. */
  timeoutMs: number;
  /** Overrides every sender's pacing (tests). */
  paceMs?: number;
  /** How many times a lane finding nothing due looks again (250 ms apart) before the run ends. */
  idleLooks: number;
};

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  leaseMs: 60_000,
  maxChannels: 20,
  maxDeliveries: 500,
  backoffBaseMs: 10_000,
  backoffCapMs: 3600_000,
  giveUpAfterMs: 24 * 3600_000,
  timeoutMs: 10_000,
  idleLooks: 4,
};

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  log: Logger;
  owner: string;
  senders: Record<ChannelKind, Sender>;
  ctx: SenderContext;
  allowPrivate: boolean;
  settings: DeliverySettings;
};

/** The wait before attempt `attempt + 1`: exponential, capped, with jitter (half of it random). */
export function backoffMs(attempt: number, settings: DeliverySettings, random = Math.random) {
  const full = Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** Math.max(0, attempt));
  return Math.round(full / 2 + (random() * full) / 2);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * One run of the delivery job, until nothing is due or `until`: lanes side by side, each
 * leasing one channel at a time with its due deliveries and sending them, paced, then leasing
 * the next. A slow target holds up its own lane only, never the other channels (bench:deliver
 * measured a shared wait capping a worker at ~50 deliveries/s). Returns how many deliveries
 * were settled.
 */
export async function deliverDue(deps: DeliveryDeps, signal: AbortSignal, until: number) {
  let settled = 0;
  const lanes = deps.settings.maxChannels;
  // Each lane's pacing sleep listens to the run's signal.
  setMaxListeners(lanes + 10, signal);
  const lane = async () => {
    let idle = 0;
    while (!signal.aborted && deps.clock.now().getTime() < until) {
      const now = deps.clock.now();
      const lease = await outbox.leaseDue(deps.db, deps.owner, now, {
        ...deps.settings,
        maxChannels: 1,
      });
      if (lease.channels.length === 0) {
        // Nothing free right now: look again shortly (a paced target comes due within a
        // second), and end the run once idle, not when the first lane finds nothing.
        if (++idle >= deps.settings.idleLooks) break;
        await sleep(IDLE_WAIT_MS, signal);
        continue;
      }
      idle = 0;
      if (lease.deliveries.length === 0) {
        // Leased without a due delivery left (taken meanwhile): free it again.
        for (const channel of lease.channels) {
          await outbox.settleChannel(deps.db, channel.id, { sendAfter: deps.clock.now() });
        }
        break;
      }
      const leaseUntil = now.getTime() + deps.settings.leaseMs;
      const items = await loadItems(deps, lease.deliveries);
      for (const channel of lease.channels) {
        await deliverToChannel(
          deps,
          channel,
          lease.deliveries.filter((d) => d.channelId === channel.id),
          items,
          signal,
          leaseUntil,
        ).catch((err: unknown) => deps.log.error({ err, channel: channel.id }, 'channel delivery'));
      }
      settled += lease.deliveries.length;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return settled;
}

async function loadItems(deps: DeliveryDeps, deliveries: outbox.DeliveryRow[]) {
  const mentionIds = [...new Set(deliveries.map((d) => d.mentionId))];
  const alertIds = [...new Set(deliveries.map((d) => d.alertId))];
  const [mentions, alerts] = await Promise.all([
    mentionItems(deps.db, mentionIds),
    outbox.alertKeywords(deps.db, alertIds),
  ]);
  const mentionById = new Map(mentions.map((m) => [m.id, m]));
  const alertById = new Map(alerts.map((a) => [a.id, a]));
  const items = new Map<number, MessageItem>();
  for (const d of deliveries) {
    const mention = mentionById.get(d.mentionId);
    const alert = alertById.get(d.alertId);
    if (mention && alert && mention.removedAt === null) {
      items.set(d.id, toMessageItem(d, mention, alert, deps.ctx.appUrl));
    }
  }
  return items;
}

async function deliverToChannel(
  deps: DeliveryDeps,
  channel: ChannelRow,
  deliveries: outbox.DeliveryRow[],
  items: Map<number, MessageItem>,
  signal: AbortSignal,
  /** When another worker may take these rows: nothing is sent that could still be in flight then. */
  leaseUntil: number,
) {
  const { db, clock, owner, settings } = deps;
  const sender = deps.senders[channel.kind as ChannelKind];
  // Gone meanwhile (the mention deleted or removed on Reddit, the alert deleted): not sent.
  const gone = deliveries.filter((d) => !items.has(d.id)).map((d) => d.id);
  if (gone.length) await outbox.markCancelled(db, gone, owner);

  // One batch per alert (one keyword), oldest first; the sender splits it to the platform.
  const byAlert = new Map<number, MessageItem[]>();
  for (const d of deliveries) {
    const item = items.get(d.id);
    if (!item) continue;
    byAlert.set(d.alertId, [...(byAlert.get(d.alertId) ?? []), item]);
  }
  const messages = sender
    ? [...byAlert.values()].flatMap((batch) => sender.messages(channel, batch, deps.ctx))
    : [];
  const paceMs = settings.paceMs ?? sender?.paceMs ?? 1000;

  let lastSentAt: number | undefined;
  let lastDeliveryAt: Date | undefined;
  let lastError: string | null | undefined;
  let sendAfter = clock.now();
  let stopped = false;
  for (const [i, message] of messages.entries()) {
    const ids = message.items.map((item) => item.deliveryId);
    // Stop while the lease still covers a whole send: past it, another worker may take these
    // rows, and both would send them (bench:deliver saw it with a slow target).
    const outOfLease =
      clock.now().getTime() +
        paceMs +
        settings.timeoutMs +
        Math.min(LEASE_MARGIN_MS, settings.leaseMs / 4) >
      leaseUntil;
    if (signal.aborted || (i > 0 && outOfLease)) {
      await outbox.release(
        db,
        messages.slice(i).flatMap((m) => m.items.map((it) => it.deliveryId)),
        owner,
        clock.now(),
      );
      break;
    }
    if (lastSentAt !== undefined) await sleep(lastSentAt + paceMs - Date.now(), signal);
    const answer = await post(message.request, {
      allowPrivate: deps.allowPrivate,
      timeoutMs: settings.timeoutMs,
    });
    lastSentAt = Date.now();
    const now = clock.now();
    const outcome = classify(answer, sender.classify, now.getTime());
    switch (outcome.kind) {
      case 'ok':
        await outbox.markSent(db, ids, owner, outcome.status, now);
        lastDeliveryAt = now;
        lastError = null;
        sendAfter = new Date(now.getTime() + paceMs);
        break;
      case 'dead':
        await outbox.markDead(db, ids, owner, {
          error: outcome.error,
          status: outcome.status,
          now,
        });
        lastError = outcome.error;
        sendAfter = new Date(now.getTime() + paceMs);
        break;
      case 'retry': {
        const attempts = Math.max(
          ...deliveries.filter((d) => ids.includes(d.id)).map((d) => d.attempts),
        );
        const wait = Math.max(backoffMs(attempts, settings), outcome.retryAfterMs ?? 0);
        const nextAt = new Date(now.getTime() + wait);
        await outbox.markRetry(db, ids, owner, {
          error: outcome.error,
          status: outcome.status,
          nextAt,
          giveUpBefore: new Date(now.getTime() - settings.giveUpAfterMs),
          now,
        });
        lastError = outcome.error;
        // The target is struggling: what was not tried yet waits as long, and, after a 429,
        // nothing goes to it before its Retry-After.
        const rest = messages.slice(i + 1).flatMap((m) => m.items.map((it) => it.deliveryId));
        if (rest.length) await outbox.release(db, rest, owner, nextAt);
        sendAfter = new Date(now.getTime() + Math.max(paceMs, outcome.retryAfterMs ?? 0));
        stopped = true;
        break;
      }
      case 'pause':
        await outbox.markDead(db, ids, owner, {
          error: outcome.reason,
          status: outcome.status,
          now,
        });
        await outbox.pauseChannel(db, channel.id, outcome.reason);
        deps.log.warn({ channel: channel.id, reason: outcome.reason }, 'channel paused');
        return;
    }
    if (stopped) break;
  }
  await outbox.settleChannel(db, channel.id, {
    sendAfter,
    ...(lastDeliveryAt ? { lastDeliveryAt } : {}),
    ...(lastError !== undefined ? { lastError } : {}),
  });
}
