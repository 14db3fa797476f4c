import { mentionItems } from '../mentions';
import type { DeliveryDeps } from './delivery-settings';
import * as leases from './lease-repo';
import { toMessageItem, type MessageItem } from './message';
import * as outbox from './outbox-repo';
import { sendToChannel, thrownSettlement } from './send-to-channel';
import { createSettler } from './settler';

export {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliveryDeps,
  type DeliverySettings,
} from './delivery-settings';

/**
 * A run that found nothing to lease looks again this soon at the earliest: a delivery due but
 * held (its channel's pacing, another worker's lease) is looked at this often.
 */
const MIN_IDLE_WAIT_MS = 250;

/** Waits `ms`, or less when the run is aborted or one of `others` settles; leaves no timer. */
async function pause(ms: number, signal: AbortSignal, others: Iterable<Promise<unknown>>) {
  // An abort already past fires no event: without this, a run told to stop while it read the
  // next due time slept its whole wait (the worker's stop took 20 s).
  if (signal.aborted) return;
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

/**
 * The delivery job's engine. Each run leases, until nothing is due or `until`, as many channels
 * as it has room for (up to `maxChannels` in flight) in one statement, sends to each side by
 * side, and leases again as sends finish; a slow target holds its own slot only. Each lease of
 * a paced target (Slack, Discord, Telegram, ntfy) sends one message, and the channel is free
 * again a pace later; an unpaced one (webhooks) sends what it leased. Settlements are written
 * in bulk. Sends still in flight when a run ends carry over to the next run (waiting for them
 * stalled every channel at each run's end: bench:deliver), unless the run is told to drain or
 * its signal aborts (the worker stopping). A run returns how many deliveries it leased. A run
 * with nothing to lease or send sleeps until the next retry comes due, at most `idleWaitMs`;
 * `wake` (a delivery queued: DELIVERIES_CHANNEL) ends the sleep at once.
 */
export function createDeliverer(deps: DeliveryDeps) {
  const { settings } = deps;
  const settler = createSettler(deps);
  // Deliveries made due (DELIVERIES_CHANNEL): an idle run waiting wakes at once; one about to
  // wait, woken since it leased, leases again first.
  let wakes = 0;
  const sleepers = new Set<() => void>();
  const wake = () => {
    wakes += 1;
    for (const end of sleepers) end();
  };
  /** Resolves at the next wake; ended by the sleeper too, so nothing stays subscribed. */
  const nextWake = () => {
    let end = () => {};
    const woken = new Promise<void>((resolve) => {
      end = () => {
        sleepers.delete(end);
        resolve();
      };
    });
    sleepers.add(end);
    return { woken, end };
  };
  const inFlight = new Set<Promise<void>>();
  /** Channels being sent to, and until when this worker knows it holds them. */
  const heldUntil = new Map<number, number>();
  let renewing: NodeJS.Timeout | undefined;
  const renew = () => {
    const ids = [...heldUntil.keys()];
    const until = deps.clock.now().getTime() + settings.leaseMs;
    leases
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
  const run = async (signal: AbortSignal, until: number, options: { drain: boolean }) => {
    let leased = 0;
    let idle = 0;
    while (!signal.aborted && deps.clock.now().getTime() < until) {
      const room = settings.maxChannels - inFlight.size;
      if (room <= 0) {
        await Promise.race(inFlight);
        continue;
      }
      const now = deps.clock.now();
      const wakesBefore = wakes;
      const lease = await leases.leaseDue(deps.db, deps.owner, now, {
        ...settings,
        maxChannels: room,
      });
      if (lease.channels.length === 0) {
        // Nothing free right now: the run ends once idle with nothing in flight. Otherwise it
        // looks again shortly (a paced target comes due within a second), or when a send in
        // flight ends.
        const sending = inFlight.size > 0;
        if (!sending && ++idle >= settings.idleLooks) break;
        await pause(MIN_IDLE_WAIT_MS, signal, inFlight);
        // With nothing sent or queued meanwhile, it sleeps on: until the next retry comes due,
        // a delivery is queued, or `idleWaitMs` at most. The wake is subscribed to before the
        // check, so one arriving during it is not missed.
        const sleep = nextWake();
        try {
          if (!sending && wakes === wakesBefore && inFlight.size === 0) {
            const next = await leases.nextDueAt(deps.db);
            const at = deps.clock.now().getTime();
            const wait = Math.min(
              (next?.getTime() ?? Infinity) - at,
              settings.idleWaitMs,
              until - at,
            );
            if (wait > 0) await pause(wait, signal, [sleep.woken]);
          }
        } finally {
          sleep.end();
        }
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
          .catch((err: unknown) => {
            deps.log.error({ err, channel: channel.id }, 'channel delivery');
            return thrownSettlement(deps, channel, deliveries, err);
          })
          .then((settlement) => settler.add(settlement));
        track(channel.id, leasedUntil, send);
      }
    }
    if (options.drain || signal.aborted) {
      while (inFlight.size) await Promise.all(inFlight);
      await settler.flushed();
    }
    return leased;
  };
  return { run, wake };
}

/** One self-contained run (tests): returns once every send it started is settled. */
export function deliverDue(deps: DeliveryDeps, signal: AbortSignal, until: number) {
  return createDeliverer(deps).run(signal, until, { drain: true });
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
