import type { DeliveryDeps } from './delivery-settings';
import * as leases from './lease-repo';

export type Settlement = { deliveries: leases.DeliveryOutcome[]; channel?: leases.ChannelOutcome };

/** Settlement writes running at once; more sends finishing meanwhile gather into the next. */
const SETTLE_WRITERS = 3;

/**
 * Settlements of finished sends, written promptly (a worker killed between a send and its
 * settlement sends that message again after the lease) and in bulk: while SETTLE_WRITERS
 * writes run, the next settlements gather, so the database sees one statement per batch of
 * sends under load, not several per send.
 */
export function createSettler(deps: DeliveryDeps) {
  type Queued = { settlement: Settlement; written: () => void };
  let queue: Queued[] = [];
  const writers = new Set<Promise<void>>();
  const write = async (batch: Queued[]) => {
    await leases
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
