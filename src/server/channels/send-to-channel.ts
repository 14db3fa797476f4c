import type { ChannelKind } from '@shared/api/channels';
import { backoffMs, type DeliveryDeps } from './delivery-settings';
import { post, unsendable } from './http';
import type { MessageItem } from './message';
import * as leases from './lease-repo';
import { classify } from './outcome';
import * as outbox from './outbox-repo';
import type { ChannelRow } from './repo';
import { inClear } from './secrets';
import type { Settlement } from './settler';

/** Sends a leased channel's messages (one, for a paced target) and says how each delivery ended. */
export async function sendToChannel(
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
  const outcomes: leases.DeliveryOutcome[] = [];
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
  // Secrets in clear only here, for the requests (a key that cannot open them throws: the
  // deliveries then fail the way every throwing send does).
  const target = inClear(deps.secrets, channel);
  const messages = sender
    ? [...byAlert.values()].flatMap((batch) => sender.messages(target, batch, deps.ctx))
    : [];
  const paceMs = settings.paceMs ?? sender?.paceMs ?? 1000;
  const attemptsOf = new Map(deliveries.map((d) => [d.id, d.attempts]));

  const channelOutcome: leases.ChannelOutcome = { id: channel.id, sendAfter: clock.now() };
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
      await leases.settle(deps.db, deps.owner, [
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

/**
 * How a send that threw ends (a message that could not be built, a bug): every leased delivery
 * is a failed attempt, retried with backoff and a dead letter in the end, with the reason as
 * its last error. Left leased instead, the rows would be leased again every lease, forever.
 */
export function thrownSettlement(
  deps: DeliveryDeps,
  channel: ChannelRow,
  deliveries: outbox.DeliveryRow[],
  err: unknown,
): Settlement {
  const now = deps.clock.now();
  const answer = unsendable(err);
  const error = answer.kind === 'failed' ? answer.message : 'the message could not be sent';
  const giveUpBefore = new Date(now.getTime() - deps.settings.giveUpAfterMs);
  return {
    deliveries: deliveries.map((d) => ({
      id: d.id,
      at: now,
      outcome: 'retry' as const,
      error,
      nextAt: new Date(now.getTime() + backoffMs(d.attempts, deps.settings)),
      giveUpBefore,
    })),
    channel: { id: channel.id, sendAfter: now, lastError: error },
  };
}
