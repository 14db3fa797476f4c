import { inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { SourceName } from '@shared/sources';
import { blueskyHandles } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import {
  createHackerNewsReader,
  createJetstreamReader,
  createLobstersReader,
  SourceError,
  type JetstreamBatch,
} from '../../sources';
import type { SourceClients } from './source-clients';
import { readBlueskyCursor, readHackerNewsCursor, readLobstersCursor } from './source-cursors';
import {
  claimSource,
  loadSourceCursor,
  recordSourceAlive,
  recordSourceFailure,
  releaseSource,
  SourceLeaseLostError,
} from './source-reads-repo';
import { refreshHackerNews } from './refresh-hackernews';
import { storeSourceRead, type SourceStoreDeps } from './store-source-read';

export type SourceJobName =
  | 'ingest.read-hackernews'
  | 'ingest.refresh-hackernews'
  | 'ingest.read-lobsters'
  | 'ingest.bluesky';

export type SourceSettings = {
  /** How long a worker's hold on a site lasts without being renewed. */
  leaseMs: number;
  hackerNewsEveryMs: number;
  /** How often young HN mentions' scores and comment counts are refreshed. */
  hackerNewsRefreshEveryMs: number;
  lobstersEveryMs: number;
  /** Lobsters asks for at most one page this often (DESIGN.md §6: politely paced). */
  lobstersGapMs: number;
  /** How often the Jetstream lease is renewed (and taken over from a crashed worker). */
  blueskyLeaseEveryMs: number;
  /** Jetstream: no frame for this long is a stalled connection. */
  blueskyStallMs: number;
  blueskyBackoffMs: number;
  /**
   * How long Jetstream's events gather before one transaction stores them: at 2,000 a second,
   * one write a second leaves the embedded database to the dashboard most of the time.
   */
  blueskyBatchMs: number;
};

export const DEFAULT_SOURCE_SETTINGS: SourceSettings = {
  leaseMs: 60_000,
  hackerNewsEveryMs: 5_000,
  hackerNewsRefreshEveryMs: 60_000,
  lobstersEveryMs: 60_000,
  lobstersGapMs: 3_000,
  blueskyLeaseEveryMs: 10_000,
  blueskyStallMs: 30_000,
  blueskyBackoffMs: 1_000,
  blueskyBatchMs: 1_000,
};

type Deps = SourceStoreDeps & { clients: SourceClients; log: Logger; settings: SourceSettings };

/** Takes or renews this worker's lease on the site: its row, or undefined while another holds it. */
const holdLease = (deps: Deps, source: SourceName) =>
  claimSource(deps.db, source, deps.owner, deps.clock.now(), deps.settings.leaseMs);

const seconds = (ms: number) => Math.max(0, Math.round(ms / 100) / 10);

/**
 * One polled read of a site under its lease: the reader's answer stored with its cursor, or,
 * when the site fails as a whole, the cursor kept and the fault in words on the status line.
 */
async function readUnderLease<Read>(
  deps: Deps,
  source: SourceName,
  read: (cursor: unknown) => Promise<Read>,
  store: (result: Read) => Promise<unknown>,
) {
  const row = await holdLease(deps, source);
  if (!row) return;
  try {
    await store(await read(row.cursor));
  } catch (error) {
    if (error instanceof SourceLeaseLostError) return;
    if (!(error instanceof SourceError)) throw error;
    deps.log.warn({ source, err: error.message }, 'source read failed');
    await recordSourceFailure(deps.db, source, error.message, deps.clock.now());
  }
}

function hackerNewsJob(deps: Deps, client: NonNullable<SourceClients['hackerNews']>) {
  const reader = createHackerNewsReader({ client, now: () => deps.clock.now() });
  return {
    name: 'ingest.read-hackernews' as const,
    everyMs: deps.settings.hackerNewsEveryMs,
    timeoutMs: 120_000,
    retries: 0,
    run: () =>
      readUnderLease(
        deps,
        'hackernews',
        (cursor) => reader.read(readHackerNewsCursor(cursor)),
        (read) => {
          const caughtUp = read.cursor.lastId >= read.newest && read.cursor.retry.length === 0;
          const latest = Math.max(0, ...read.items.map((item) => item.createdAt.getTime()));
          const lag = caughtUp
            ? 0
            : latest > 0
              ? seconds(deps.clock.now().getTime() - latest)
              : null;
          return storeSourceRead(deps, 'hackernews', {
            items: read.items,
            outcome: {
              cursor: read.cursor,
              lagSeconds: lag,
              skipped: read.skipped,
              lastError: read.lastError ?? null,
            },
          });
        },
      ),
  };
}

/** The refresh runs where Hacker News is read: with its lease, so workers never ask twice. */
function hackerNewsRefreshJob(deps: Deps, client: NonNullable<SourceClients['hackerNews']>) {
  return {
    name: 'ingest.refresh-hackernews' as const,
    everyMs: deps.settings.hackerNewsRefreshEveryMs,
    timeoutMs: 120_000,
    retries: 0,
    run: async () => {
      if (!(await holdLease(deps, 'hackernews'))) return;
      try {
        await refreshHackerNews({ db: deps.db, clock: deps.clock, client });
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        deps.log.warn({ err: error.message }, 'Hacker News refresh failed');
      }
    },
  };
}

function lobstersJob(deps: Deps, client: NonNullable<SourceClients['lobsters']>) {
  const reader = createLobstersReader({
    ...client,
    now: () => deps.clock.now(),
    minGapMs: deps.settings.lobstersGapMs,
  });
  return {
    name: 'ingest.read-lobsters' as const,
    everyMs: deps.settings.lobstersEveryMs,
    timeoutMs: 300_000,
    retries: 0,
    run: () =>
      readUnderLease(
        deps,
        'lobsters',
        (cursor) => reader.read(readLobstersCursor(cursor)),
        (read) =>
          storeSourceRead(deps, 'lobsters', {
            items: read.items,
            outcome: {
              cursor: read.cursor,
              lagSeconds: 0,
              skipped: 0,
              lastError: read.lastError ?? null,
            },
          }),
      ),
  };
}

/**
 * Bluesky's firehose: one Jetstream connection per deployment, held by the worker with the
 * lease. The job renews the lease, opens the connection when it gets it and closes it when it
 * loses it; a crashed holder's lease runs out and another worker resumes from the stored cursor.
 */
function blueskyReading(deps: Deps, url: string) {
  let reader: ReturnType<typeof createJetstreamReader> | undefined;
  let unreadableSeen = 0;

  async function storeBatch(batch: JetstreamBatch) {
    const now = deps.clock.now();
    const dids = [...new Set(batch.items.map((item) => item.author))];
    const known = await rememberHandles(deps, batch.handles, dids, now);
    const unreadable = reader?.status().unreadable ?? unreadableSeen;
    const skipped = Math.max(0, unreadable - unreadableSeen);
    unreadableSeen = unreadable;
    await storeSourceRead(deps, 'bluesky', {
      // Cards and `author:` read the handle; the permalink keeps the DID, which never changes.
      items: batch.items.map((item) => ({
        ...item,
        author: known.get(item.author) ?? item.author,
      })),
      removedIds: batch.deletes,
      outcome: {
        cursor: { timeUs: batch.cursorUs },
        lagSeconds: seconds(now.getTime() - batch.cursorUs / 1000),
        skipped,
        lastError: null,
      },
    });
  }

  const job = {
    name: 'ingest.bluesky' as const,
    everyMs: deps.settings.blueskyLeaseEveryMs,
    timeoutMs: 30_000,
    retries: 0,
    run: async () => {
      const now = deps.clock.now();
      const row = await holdLease(deps, 'bluesky');
      if (!row) {
        await reader?.stop();
        reader = undefined;
        return;
      }
      if (!reader) {
        reader = createJetstreamReader({
          url,
          now: () => deps.clock.now(),
          loadCursor: async () => readBlueskyCursor(await loadSourceCursor(deps.db, 'bluesky')),
          onBatch: storeBatch,
          stallMs: deps.settings.blueskyStallMs,
          backoffMs: deps.settings.blueskyBackoffMs,
          batchMs: deps.settings.blueskyBatchMs,
          batchSize: 5_000,
        });
        reader.start();
        return;
      }
      const status = reader.status();
      if (status.connected) {
        // Connected is listening, a quiet moment included: the stream is read up to now.
        const behindUs = status.cursorUs === null ? null : now.getTime() * 1000 - status.cursorUs;
        const lag = behindUs === null ? null : seconds(behindUs / 1000);
        await recordSourceAlive(deps.db, 'bluesky', deps.owner, now, lag);
      } else if (!status.connected && status.lastError) {
        await recordSourceFailure(deps.db, 'bluesky', status.lastError, now);
      }
    },
  };
  return {
    job,
    async stop() {
      await reader?.stop();
      reader = undefined;
      await releaseSource(deps.db, 'bluesky', deps.owner);
    },
  };
}

/** Stores the handles the batch learned; answers the handles of the batch's authors. */
async function rememberHandles(
  deps: Deps,
  learned: Map<string, string>,
  dids: string[],
  now: Date,
) {
  if (learned.size > 0) {
    await deps.db
      .insert(blueskyHandles)
      .values([...learned].map(([did, handle]) => ({ did, handle, updatedAt: now })))
      .onConflictDoUpdate({
        target: blueskyHandles.did,
        set: { handle: sql`excluded.handle`, updatedAt: now },
      });
  }
  if (dids.length === 0) return new Map<string, string>();
  const rows = await deps.db
    .select({ did: blueskyHandles.did, handle: blueskyHandles.handle })
    .from(blueskyHandles)
    .where(inArray(blueskyHandles.did, dids));
  return new Map(rows.map((row) => [row.did, row.handle]));
}

/**
 * The jobs reading the sites beyond Reddit that this server has clients for (SOURCES), and a
 * stop for the Jetstream connection.
 */
export function createSourceJobs(deps: Deps) {
  const { clients } = deps;
  const jobs: Job<SourceJobName>[] = [];
  if (clients.hackerNews) {
    jobs.push(
      hackerNewsJob(deps, clients.hackerNews),
      hackerNewsRefreshJob(deps, clients.hackerNews),
    );
  }
  if (clients.lobsters) jobs.push(lobstersJob(deps, clients.lobsters));
  const bluesky = clients.blueskyUrl ? blueskyReading(deps, clients.blueskyUrl) : undefined;
  if (bluesky) jobs.push(bluesky.job);
  return { jobs, stop: async () => bluesky?.stop() };
}
