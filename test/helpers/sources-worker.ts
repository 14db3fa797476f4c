import pino from 'pino';
import { sourceClientsFromConfig } from '../../src/server/ingestion';
import { buildWorker } from '../../src/server/worker';
import type { TestApp } from './test-app';

/**
 * A worker reading the test app's sites (its config names their fakes), paced for a test:
 * reads every few hundred ms, short leases and timeouts. The caller starts and stops it.
 */
export function buildSourcesWorker(t: TestApp) {
  return buildWorker({
    config: t.config,
    database: t.database,
    clock: t.clock,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    secrets: t.secrets,
    sources: sourceClientsFromConfig(t.config, { timeoutMs: 1000, retries: 1, backoffMs: 20 }),
    sourceSettings: {
      leaseMs: 3_000,
      hackerNewsEveryMs: 150,
      hackerNewsRefreshEveryMs: 200,
      lobstersEveryMs: 200,
      lobstersGapMs: 10,
      blueskyLeaseEveryMs: 200,
      blueskyBackoffMs: 50,
    },
  });
}
