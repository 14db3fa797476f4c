import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Job } from '../jobs/runner';
import type { SecretBox } from '../lib/secret-box';
import { createDeliverer, DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './deliver';
import { DELIVERIES_CHANNEL } from './outbox-repo';
import { createSenders } from './senders';

export type ChannelJobName = 'channels.deliver';

/** How long one run keeps leasing before it lets the runner breathe. */
const RUN_MS = 20_000;

/**
 * The delivery job, and the listener that wakes its idle runs when a delivery is queued in any
 * process: `start` before the runner, `stop` after it.
 */
export function createChannelJobs(deps: {
  database: Database;
  clock: Clock;
  config: Config;
  log: Logger;
  owner: string;
  /** Tests shorten leases, backoffs and pacing. */
  settings?: Partial<DeliverySettings>;
  secrets: SecretBox;
}) {
  const { database, clock, config, log, owner, secrets } = deps;
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...deps.settings };
  const deliverer = createDeliverer({
    db: database.db,
    clock,
    log,
    owner,
    senders: createSenders(clock.now),
    ctx: { appUrl: config.appUrl, telegramApiBase: config.channels.telegramApiBase },
    allowPrivate: config.channels.allowPrivate,
    settings,
    secrets,
  });
  const jobs: Job<ChannelJobName>[] = [
    {
      // Runs back to back, each woken by every delivery queued: a stored mention reaches its
      // channels within a second or two (decision 012).
      name: 'channels.deliver',
      everyMs: 100,
      timeoutMs: RUN_MS + settings.leaseMs,
      retries: 0,
      run: async (signal) =>
        void (await deliverer.run(signal, clock.now().getTime() + RUN_MS, { drain: false })),
    },
  ];
  let unlisten: (() => Promise<void>) | undefined;
  return {
    jobs,
    async start() {
      // After a lost connection (payload undefined) a wake too: what was queued meanwhile.
      unlisten = await database.listen(DELIVERIES_CHANNEL, deliverer.wake, (err) =>
        log.warn({ err }, 'delivery notifications'),
      );
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
