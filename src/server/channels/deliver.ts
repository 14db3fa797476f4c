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

export type DeliverySettings = {
  /**
   * How long a worker holds leased deliveries (and their channel) before another may; renewed
   * every third of it while the worker sends, so a crashed worker's are free this soon.
   */
  leaseMs: number;
  /** Channels a worker sends to side by side (each lease takes as many as are free). */
  maxChannels: number;
  /** Deliveries of one channel per lease: its next message's, and room for an unpaced target's. */
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
  /** How many times a run finding nothing due looks again (250 ms apart) before it ends. */
  idleLooks: number;
};

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  // Renewed every 5 s while sending (so a send may outlast it): a crashed worker's channels
  // wait at most this long before another worker takes them.
  leaseMs: 15_000,
  // Sockets are cheap; a slot held by a slow or silent target (up to timeoutMs) must not
  // starve the others (bench:deliver: 100 slots filled with a flaky webhook's retries).
  maxChannels: 400,
  maxDeliveries: 50,
  backoffBaseMs: 10_000,
  backoffCapMs: 3600_000,
  giveUpAfterMs: 24 * 3600_000,
  timeoutMs: 10_000,
  // A run keeps looking for its whole length (the job's RUN_MS): a mention stored while it
  // runs is leased within IDLE_WAIT_MS, not at the next run.
  idleLooks: 80,
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

/** Waits `ms`, or less when the run is aborted or one of `others` settles; leaves no timer. */
async function pause(ms: number, signal: AbortSignal, others: Iterable<Promise<unknown>>) {
  let done = () => {};
  const timeout = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done);
  });
  await Promise.race([timeout, ...others]);
  done();
}

type Settlement = { deliveries: outbox.DeliveryOutcome[]; channel?: outbox.ChannelOutcome };

/** Settlement writes running at once; more sends finishing meanwhile gather into the next. */
const SETTLE_WRITERS = 3;

/**
 * Settlements of finished sends, written promptly (a worker killed between a send and its
 * settlement sends that message again after the lease) and in bulk: while SETTLE_WRITERS
 * writes run, the next settlements gather, so the database sees one statement per batch of
 * sends under load, not several per send.
 */
function createSettler(deps: DeliveryDeps) {
  type Queued = { settlement: Settlement; written: () => void };
  let queue: Queued[] = [];
  const writers = new Set<Promise<void>>();
  const write = async (batch: Queued[]) => {
    await outbox
      .settle(
        deps.db,
        deps.owner,
        batch.flatMap((q) => q.settlement.deliveries),
        batch.flatMap((q) => (q.settlement.channel ? [q.settlement.channel] : [])),
      )
      // Left leased: another worker takes the rows once the lease expires.
      .catch((err: unknown) => deps.log.error({ err }, 'settling deliveries'));
    for (const q of batch) q.written();
  };
  const pump = () => {
    while (queue.length && writers.size < SETTLE_WRITERS) {
      const batch = queue;
      queue = [];
      const writer: Promise<void> = write(batch).finally(() => {
        writers.delete(writer);
        pump();
      });
      writers.add(writer);
    }
  };
  return {
    /** Resolves once the settlement is written (or its write failed). */
    add(settlement: Settlement) {
      return new Promise<void>((written) => {
        queue.push({ settlement, written });
        pump();
      });
    },
    async flushed() {
      while (writers.size) await Promise.all(writers);
    },
  };
}

/**
 * The delivery job's engine. Each run leases, until nothing is due or `until`, as many channels
 * as it has room for (up to `maxChannels` in flight) in one statement, sends to each side by
 * side, and leases again as sends finish; a slow target holds its own slot only. Each lease of
 * a paced target (Slack, Discord, Telegram, ntfy) sends one message, and the channel is free
 * again a pace later; an unpaced one (webhooks) sends what it leased. Settlements are written
 * in bulk. Sends still in flight when a run ends carry over to the next run (waiting for them
 * stalled every channel at each run's end: bench:deliver), unless the run is told to drain or
 * its signal aborts (the worker stopping). A run returns how many deliveries it leased.
 */
export function createDeliverer(deps: DeliveryDeps) {
  const { settings } = deps;
  const settler = createSettler(deps);
  const inFlight = new Set<Promise<void>>();
  /** Channels being sent to, and until when this worker knows it holds them. */
  const heldUntil = new Map<number, number>();
  let renewing: NodeJS.Timeout | undefined;
  const renew = () => {
    const ids = [...heldUntil.keys()];
    const until = deps.clock.now().getTime() + settings.leaseMs;
    outbox
      .renewLeases(deps.db, deps.owner, ids, new Date(until))
      .then(() => {
        for (const id of ids) if (heldUntil.has(id)) heldUntil.set(id, until);
      })
      .catch((err: unknown) => deps.log.error({ err }, 'renewing delivery leases'));
  };
  /** Renews while anything is in flight; the timer stops with the last send. */
  const track = (channelId: number, leasedUntil: number, send: Promise<void>) => {
    inFlight.add(send);
    heldUntil.set(channelId, leasedUntil);
    renewing ??= setInterval(renew, settings.leaseMs / 3);
    void send.finally(() => {
      inFlight.delete(send);
      heldUntil.delete(channelId);
      if (inFlight.size === 0) {
        clearInterval(renewing);
        renewing = undefined;
      }
    });
  };
  return async function run(signal: AbortSignal, until: number, options: { drain: boolean }) {
    let leased = 0;
    let idle = 0;
    while (!signal.aborted && deps.clock.now().getTime() < until) {
      const room = settings.maxChannels - inFlight.size;
      if (room <= 0) {
        await Promise.race(inFlight);
        continue;
      }
      const now = deps.clock.now();
      const lease = await outbox.leaseDue(deps.db, deps.owner, now, {
        ...settings,
        maxChannels: room,
      });
      if (lease.channels.length === 0) {
        // Nothing free right now: look again shortly (a paced target comes due within a
        // second), or when a send in flight ends; the run ends once idle with nothing in flight.
        if (inFlight.size === 0 && ++idle >= settings.idleLooks) break;
        await pause(IDLE_WAIT_MS, signal, inFlight);
        continue;
      }
      idle = 0;
      const leasedUntil = now.getTime() + settings.leaseMs;
      const items = await loadItems(deps, lease.deliveries);
      for (const channel of lease.channels) {
        const deliveries = lease.deliveries.filter((d) => d.channelId === channel.id);
        leased += deliveries.length;
        const send = sendToChannel(deps, channel, deliveries, items, {
          signal,
          settle: (settlement) => void settler.add(settlement),
          held: () => heldUntil.get(channel.id) ?? leasedUntil,
        })
          // Held (and renewed) until the outcome is written: a hold that lapsed while the write
          // waited would let another worker send the same rows again.
          .then((settlement) => settler.add(settlement))
          .catch((err: unknown) =>
            deps.log.error({ err, channel: channel.id }, 'channel delivery'),
          );
        track(channel.id, leasedUntil, send);
      }
    }
    if (options.drain || signal.aborted) {
      while (inFlight.size) await Promise.all(inFlight);
      await settler.flushed();
    }
    return leased;
  };
}

/** One self-contained run (tests): returns once every send it started is settled. */
export function deliverDue(deps: DeliveryDeps, signal: AbortSignal, until: number) {
  return createDeliverer(deps)(signal, until, { drain: true });
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

/** Sends a leased channel's messages (one, for a paced target) and says how each delivery ended. */
async function sendToChannel(
  deps: DeliveryDeps,
  channel: ChannelRow,
  deliveries: outbox.DeliveryRow[],
  items: Map<number, MessageItem>,
  run: {
    signal: AbortSignal;
    /** Settles what one message did before the next is sent (a crash re-sends less). */
    settle: (settlement: Settlement) => void;
    /** Until when this worker knows it holds the channel (leased or last renewed). */
    held: () => number;
  },
): Promise<Settlement> {
  const { signal } = run;
  const { clock, settings } = deps;
  const sender = deps.senders[channel.kind as ChannelKind];
  const outcomes: outbox.DeliveryOutcome[] = [];
  // Gone meanwhile (the mention deleted or removed on Reddit, the alert deleted): not sent.
  for (const d of deliveries) {
    if (!items.has(d.id)) outcomes.push({ id: d.id, at: clock.now(), outcome: 'cancelled' });
  }

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
  const attemptsOf = new Map(deliveries.map((d) => [d.id, d.attempts]));

  const channelOutcome: outbox.ChannelOutcome = { id: channel.id, sendAfter: clock.now() };
  /** What is not tried in this lease, due again at `nextAt`. */
  const release = (from: number, nextAt: Date) => {
    for (const message of messages.slice(from)) {
      for (const item of message.items) {
        outcomes.push({ id: item.deliveryId, at: clock.now(), outcome: 'released', nextAt });
      }
    }
  };
  for (const [i, message] of messages.entries()) {
    // A paced target gets one message a lease; the next lease comes a pace later. Nothing is
    // sent on a hold that may lapse before the next renewal (the process stalled, or renewals
    // fail): another worker may take the channel then, and both would send.
    const lapsing = clock.now().getTime() + settings.leaseMs / 3 > run.held();
    if (lapsing || (i > 0 && (paceMs > 0 || signal.aborted))) {
      release(i, clock.now());
      break;
    }
    // What the previous message did is written before the next goes out.
    if (i > 0) run.settle({ deliveries: outcomes.splice(0) });
    // Paced from the request's start: a slow answer does not slow the target's rate further.
    const startedAt = clock.now().getTime();
    const answer = await post(message.request, {
      allowPrivate: deps.allowPrivate,
      timeoutMs: settings.timeoutMs,
    });
    const now = clock.now();
    const ids = message.items.map((item) => item.deliveryId);
    const outcome = classify(answer, sender.classify, now.getTime());
    channelOutcome.sendAfter = new Date(startedAt + paceMs);
    if (outcome.kind === 'ok') {
      for (const id of ids) outcomes.push({ id, at: now, outcome: 'sent', status: outcome.status });
      channelOutcome.lastDeliveryAt = now;
      channelOutcome.lastError = null;
    } else if (outcome.kind === 'dead') {
      for (const id of ids) outcomes.push({ id, at: now, outcome: 'dead', ...outcome });
      channelOutcome.lastError = outcome.error;
    } else if (outcome.kind === 'retry') {
      const attempts = Math.max(...ids.map((id) => attemptsOf.get(id) ?? 0));
      const wait = Math.max(backoffMs(attempts, settings), outcome.retryAfterMs ?? 0);
      const nextAt = new Date(now.getTime() + wait);
      const giveUpBefore = new Date(now.getTime() - settings.giveUpAfterMs);
      for (const id of ids) {
        outcomes.push({ id, at: now, outcome: 'retry', ...outcome, nextAt, giveUpBefore });
      }
      channelOutcome.lastError = outcome.error;
      // The target is struggling: what was not tried yet waits as long, and, after a 429,
      // nothing goes to it before its Retry-After.
      release(i + 1, nextAt);
      channelOutcome.sendAfter = new Date(
        Math.max(startedAt + paceMs, now.getTime() + (outcome.retryAfterMs ?? 0)),
      );
      break;
    } else {
      // The target is gone: the channel is paused and its pending deliveries cancelled.
      await outbox.settle(deps.db, deps.owner, [
        ...outcomes,
        ...ids.map((id) => ({
          id,
          at: now,
          outcome: 'dead' as const,
          error: outcome.reason,
          status: outcome.status,
        })),
      ]);
      await outbox.pauseChannel(deps.db, channel.id, outcome.reason);
      deps.log.warn({ channel: channel.id, reason: outcome.reason }, 'channel paused');
      return { deliveries: [] };
    }
  }
  return { deliveries: outcomes, channel: channelOutcome };
}
