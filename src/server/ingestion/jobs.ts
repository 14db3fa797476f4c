import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Job } from '../jobs/runner';
import type { FeedClient, RedditClient } from '../reddit';
import type { AlertIndex } from '../matching';
import type { ModelCache } from '../relevance';
import { startAlertIndexSync, type AlertIndexSync } from './alert-index-sync';
import { runBackfills } from './backfill/backfill';
import { pollDueFeeds } from './listings/feed-poller';
import { planListings } from './listings/listing-plan';
import { replan } from './listings/listing-repo';
import { DEFAULT_POLL_SETTINGS, type PollSettings } from './listings/turn-types';
import { pollDueListings } from './listings/poller';
import { RecentItems } from './listings/recent-items';
import { enumeratePostIds } from './post-ids/enumerate-post-ids';
import { runRechecks } from './rechecks/score-rechecks';
import type { SourceClients } from './sources/source-clients';
import {
  createSourceJobs,
  DEFAULT_SOURCE_SETTINGS,
  type SourceJobName,
  type SourceSettings,
} from './sources/source-jobs';

export type IngestionJobName =
  | 'ingest.plan-listings'
  | 'ingest.poll-listings'
  | 'ingest.backfill'
  | 'ingest.score-rechecks'
  | 'ingest.post-ids'
  | 'ingest.poll-feeds'
  | SourceJobName;

/** How long one poll job run keeps taking due listings before it lets the runner breathe. */
const POLL_RUN_MS = 20_000;

export type IngestionJobDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  log: Logger;
  /** The OAuth client; without it, `feeds` (limited mode), and without both nothing is read. */
  reddit?: RedditClient;
  feeds?: FeedClient;
  /** Identifies this process in listing leases. */
  owner: string;
  /** Tests shorten leases, overlap periods, timeouts and backoffs. */
  pollSettings?: Partial<PollSettings>;
  /** Keeps what the live reads see for the keyword dialog's volume preview (ROLE=all). */
  observeIndex?: (index: AlertIndex) => AlertIndex;
  /** The worker's parsed relevance models, for scoring the mentions its jobs store. */
  models?: ModelCache;
  /** The clients of the sites beyond Reddit that SOURCES names. */
  sources?: SourceClients;
  /** Tests shorten the sites' leases and intervals. */
  sourceSettings?: Partial<SourceSettings>;
};

/**
 * The ingestion jobs and what they share: the matching index kept current by the alert change
 * feed, the recent items seen, and the planner. `start` opens the change feed; `trigger` is the
 * runner's, for planning at once when an alert changes.
 */
export function createIngestionJobs(deps: IngestionJobDeps) {
  const { config, database, clock, log, reddit, feeds, owner, models } = deps;
  const db = database.db;
  const settings: PollSettings = {
    ...DEFAULT_POLL_SETTINGS,
    pollSeconds: config.reddit.pollSeconds,
    leaseMs: config.reddit.leaseSeconds * 1000,
    ...deps.pollSettings,
  };
  const recent = new RecentItems();
  const seenInAll = new Map<string, number>();
  let sync: AlertIndexSync | undefined;
  const liveIndex = () => sync?.index && (deps.observeIndex?.(sync.index) ?? sync.index);
  const monitorsReddit = config.reddit.enabled && (reddit !== undefined || feeds !== undefined);
  const sources = createSourceJobs({
    db,
    clock,
    owner,
    models,
    log,
    index: liveIndex,
    clients: deps.sources ?? {},
    settings: { ...DEFAULT_SOURCE_SETTINGS, ...deps.sourceSettings },
  });
  const monitors = monitorsReddit || sources.jobs.length > 0;

  // Limited mode reads feeds of named subreddits only: site-wide alerts wait for credentials.
  const plan = () =>
    replan(
      db,
      (input) =>
        planListings({
          ...input,
          needs: feeds ? input.needs.filter((need) => need.subreddits !== null) : input.needs,
          now: clock.now(),
        }),
      clock.now(),
    ).then(() => undefined);
  const planJob: Job<IngestionJobName> = {
    name: 'ingest.plan-listings',
    everyMs: 10_000,
    timeoutMs: 30_000,
    retries: 2,
    run: plan,
  };

  const jobs: Job<IngestionJobName>[] = [];
  if (reddit && config.reddit.enabled) {
    // What every job that reads Reddit's API and stores mentions needs.
    const api = { db, reddit, clock, log, models };
    jobs.push(
      planJob,
      {
        name: 'ingest.poll-listings',
        everyMs: 250,
        timeoutMs: POLL_RUN_MS + 60_000,
        retries: 0,
        run: async (signal) => {
          const index = liveIndex();
          if (!index) return;
          await pollDueListings(
            {
              ...api,
              index: () => index,
              owner,
              settings,
              recent,
              seenInAll,
              onAccessChanged: plan,
            },
            { signal, until: clock.now().getTime() + POLL_RUN_MS },
          );
        },
      },
      {
        // Spare slots only: a backfill never delays the live listings (backfill.ts).
        name: 'ingest.backfill',
        everyMs: 2_000,
        timeoutMs: 60_000,
        retries: 0,
        run: async (signal) => void (await runBackfills(api, signal)),
      },
      {
        name: 'ingest.score-rechecks',
        everyMs: 5_000,
        timeoutMs: 60_000,
        retries: 0,
        run: async (signal) => void (await runRechecks(api, signal)),
      },
      {
        // Within a share of its own: asks only for the post ids no listing showed. A few runs
        // per poll interval (tests poll every second).
        name: 'ingest.post-ids',
        everyMs: Math.min(10_000, settings.pollSeconds * 1000),
        timeoutMs: POLL_RUN_MS + 60_000,
        retries: 0,
        run: async (signal) => {
          const index = liveIndex();
          if (!index) return;
          await enumeratePostIds(
            { ...api, index: () => index, owner, leaseMs: settings.leaseMs },
            { signal, until: clock.now().getTime() + POLL_RUN_MS },
          );
        },
      },
    );
  }
  if (feeds && config.reddit.enabled) {
    jobs.push(planJob, {
      name: 'ingest.poll-feeds',
      everyMs: 1000,
      timeoutMs: POLL_RUN_MS + 60_000,
      retries: 0,
      run: async (signal) => {
        const index = liveIndex();
        if (!index) return;
        await pollDueFeeds(
          {
            db,
            feeds,
            clock,
            index: () => index,
            owner,
            leaseMs: settings.leaseMs,
            recent,
            log,
            models,
          },
          { signal, until: clock.now().getTime() + POLL_RUN_MS },
        );
      },
    });
  }

  jobs.push(...sources.jobs);

  return {
    jobs,
    async start(trigger: (name: IngestionJobName) => void) {
      if (!monitors) return;
      sync = await startAlertIndexSync(database, {
        onError: (err) => log.warn({ err }, 'alert change feed'),
        // A changed alert may need listings added or dropped: plan at once.
        onApplied: () => monitorsReddit && trigger('ingest.plan-listings'),
      });
    },
    async stop() {
      await sources.stop();
      await sync?.stop();
    },
    /** The live matching index (once started with Reddit access). */
    get index() {
      return sync?.index;
    },
  };
}
