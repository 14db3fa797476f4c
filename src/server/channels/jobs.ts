import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import type { SecretBox } from '../lib/secret-box';
import { createDeliverer, DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './deliver';
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
  secrets: SecretBox;
}): Job<ChannelJobName>[] {
  const { db, clock, config, log, owner, secrets } = deps;
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...deps.settings };
  const deliver = createDeliverer({
    db,
    clock,
    log,
    owner,
    senders: createSenders(clock.now),
    ctx: { appUrl: config.appUrl, telegramApiBase: config.channels.telegramApiBase },
    allowPrivate: config.channels.allowPrivate,
    settings,
    secrets,
  });
  return [
    {
      // Runs back to back, each looking for due deliveries every 250 ms at most: a stored
      // mention reaches its channels within a second or two (decision 012).
      name: 'channels.deliver',
      everyMs: 100,
      timeoutMs: RUN_MS + settings.leaseMs,
      retries: 0,
      run: async (signal) =>
        void (await deliver(signal, clock.now().getTime() + RUN_MS, { drain: false })),
    },
  ];
}
