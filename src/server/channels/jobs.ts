import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { DEFAULT_DELIVERY_SETTINGS, deliverDue, type DeliverySettings } from './deliver';
import { createSenders } from './senders';

export type ChannelJobName = 'channels.deliver';

/** How long one run keeps leasing before it lets the runner breathe. */
const RUN_MS = 20_000;

export function createChannelJobs(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  log: Logger;
  owner: string;
  /** Tests shorten leases, backoffs and pacing. */
  settings?: Partial<DeliverySettings>;
}): Job<ChannelJobName>[] {
  const { db, clock, config, log, owner } = deps;
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...deps.settings };
  const delivery = {
    db,
    clock,
    log,
    owner,
    senders: createSenders(clock.now),
    ctx: { appUrl: config.appUrl, telegramApiBase: config.channels.telegramApiBase },
    allowPrivate: config.channels.allowPrivate,
    settings,
  };
  return [
    {
      // Every second: a stored mention reaches its channels within seconds (decision 012).
      name: 'channels.deliver',
      everyMs: 1000,
      timeoutMs: RUN_MS + settings.leaseMs,
      retries: 0,
      run: async (signal) =>
        void (await deliverDue(delivery, signal, clock.now().getTime() + RUN_MS)),
    },
  ];
}
