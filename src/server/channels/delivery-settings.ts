import type { Logger } from 'pino';
import type { ChannelKind } from '@shared/api/channels';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import type { SenderContext } from './message';
import type { Sender } from './senders';

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
  /** How many times a run finding nothing due looks again before it ends. */
  idleLooks: number;
  /**
   * The longest a run with nothing due sleeps before it looks again. It wakes earlier when the
   * next delivery it knows of comes due or a new one is queued (DELIVERIES_CHANNEL), so this
   * bounds only what it cannot know of (a notification lost).
   */
  idleWaitMs: number;
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
  // runs is leased when its notification arrives, not at the next run.
  idleLooks: 80,
  idleWaitMs: 5_000,
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
  /** Opens the channels' sealed tokens and signing secrets. */
  secrets: SecretBox;
};

/** The wait before attempt `attempt + 1`: exponential, capped, with jitter (half of it random). */
export function backoffMs(attempt: number, settings: DeliverySettings, random = Math.random) {
  const full = Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** Math.max(0, attempt));
  return Math.round(full / 2 + (random() * full) / 2);
}
