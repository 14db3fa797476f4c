import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { runDigestJob } from './email/digests/job';
import type { Mailer } from './email/types';
import { deleteExpiredSessions } from './accounts/repo';
import { renewTestModeSubscriptions } from './billing/subscriptions/test-checkout';
import { startAlertIndexSync, type AlertIndexSync } from './ingestion/alert-index-sync';
import { runBackfills } from './ingestion/backfill';
import { planListings } from './ingestion/listing-plan';
import { replan } from './ingestion/listing-repo';
import { DEFAULT_POLL_SETTINGS, type PollSettings } from './ingestion/poll-listing';
import { pollDueListings } from './ingestion/poller';
import { RecentItems } from './ingestion/recent-items';
import { runRechecks } from './ingestion/score-rechecks';
import { pollDueFeeds } from './ingestion/feed-poller';
import {
  feedClientFromConfig,
  redditClientFromConfig,
  type RedditTuning,
} from './ingestion/reddit-clients';
import { startJobs, type Job, type JobRunner } from './jobs/runner';
import type { FeedClient, RedditClient } from './reddit';

export type WorkerDeps = {
  config: Config;
  database: Database;
  log: Logger;
  clock?: Clock;
  /** Sends the digests; without one, no digest job runs. */
  mailer?: Mailer;
  /** The Reddit client; by default the OAuth client of the configuration (none without credentials). */
  reddit?: RedditClient;
  /** Limited mode's feed client; by default the configuration's (only without credentials). */
  feeds?: FeedClient;
  /** Tests shorten leases, overlap periods, timeouts and backoffs. */
  pollSettings?: Partial<PollSettings>;
  redditTuning?: RedditTuning;
  /** Identifies this process in listing leases. */
  owner?: string;
};

/** How long one poll job run keeps taking due listings before it lets the runner breathe. */
const POLL_RUN_MS = 20_000;

/**
 * The worker's composition root: the named jobs, and what they share (the matching index kept
 * current by the alert change feed, the Reddit client and its budget). `start` begins them;
 * `stop` waits for runs in progress.
 */
export function buildWorker(deps: WorkerDeps) {
  const { config, database, log } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const reddit =
    deps.reddit ?? redditClientFromConfig({ config, db, clock, log, tuning: deps.redditTuning });
  const feeds = reddit
    ? undefined
    : (deps.feeds ?? feedClientFromConfig({ config, db, clock, log }));
  const owner = deps.owner ?? `worker-${randomBytes(6).toString('hex')}`;
  const settings: PollSettings = {
    ...DEFAULT_POLL_SETTINGS,
    pollSeconds: config.reddit.pollSeconds,
    leaseMs: config.reddit.leaseSeconds * 1000,
    ...deps.pollSettings,
  };
  const recent = new RecentItems();
  const seenInAll = new Map<string, number>();
  let sync: AlertIndexSync | undefined;
  let runner: JobRunner | undefined;

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
  const planJob: Job = {
    name: 'ingest.plan-listings',
    everyMs: 10_000,
    timeoutMs: 30_000,
    retries: 2,
    run: plan,
  };
  const monitors = config.reddit.enabled && (reddit !== undefined || feeds !== undefined);

  const jobs: Job[] = [
    {
      name: 'sessions.sweep-expired',
      everyMs: 3600_000,
      timeoutMs: 60_000,
      retries: 1,
      run: () => deleteExpiredSessions(db, clock.now()),
    },
    {
      // Test-mode subscriptions (no payment provider configured) renew at period end.
      name: 'billing.renew-test-mode',
      everyMs: 60_000,
      timeoutMs: 60_000,
      retries: 1,
      run: async () => void (await renewTestModeSubscriptions({ db, clock })),
    },
  ];
  const { mailer } = deps;
  if (mailer) {
    jobs.push({
      // DESIGN §2: due slots are looked for at least once a minute.
      name: 'email.digests',
      everyMs: 30_000,
      timeoutMs: 5 * 60_000,
      retries: 1,
      run: async () =>
        void (await runDigestJob({
          db,
          mailer,
          clock,
          appUrl: config.appUrl,
          mailFrom: config.mail.from,
          log,
        })),
    });
  }
  if (reddit && config.reddit.enabled) {
    jobs.push(
      planJob,
      {
        name: 'ingest.poll-listings',
        everyMs: 250,
        timeoutMs: POLL_RUN_MS + 60_000,
        retries: 0,
        run: async (signal) => {
          const index = sync?.index;
          if (!index) return;
          await pollDueListings(
            {
              db,
              reddit,
              clock,
              index: () => index,
              owner,
              settings,
              recent,
              seenInAll,
              log,
              onAccessChanged: plan,
            },
            { signal, until: clock.now().getTime() + POLL_RUN_MS },
          );
        },
      },
      {
        // Spare slots only: a backfill never delays the live listings (ingestion/backfill.ts).
        name: 'ingest.backfill',
        everyMs: 2_000,
        timeoutMs: 60_000,
        retries: 0,
        run: async (signal) => void (await runBackfills({ db, reddit, clock, log }, signal)),
      },
      {
        name: 'ingest.score-rechecks',
        everyMs: 5_000,
        timeoutMs: 60_000,
        retries: 0,
        run: async (signal) => void (await runRechecks({ db, reddit, clock, log }, signal)),
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
        const index = sync?.index;
        if (!index) return;
        await pollDueFeeds(
          { db, feeds, clock, index: () => index, owner, leaseMs: settings.leaseMs, recent, log },
          { signal, until: clock.now().getTime() + POLL_RUN_MS },
        );
      },
    });
  }

  return {
    owner,
    jobNames: jobs.map((job) => job.name),
    async start() {
      if (monitors) {
        sync = await startAlertIndexSync(database, {
          onError: (err) => log.warn({ err }, 'alert change feed'),
          // A changed alert may need listings added or dropped: plan at once.
          onApplied: () => runner?.trigger('ingest.plan-listings'),
        });
      }
      runner = startJobs(jobs, log);
    },
    async stop() {
      await runner?.stop();
      await sync?.stop();
    },
    /** The live matching index (once started with Reddit access). */
    get index() {
      return sync?.index;
    },
  };
}

export type Worker = ReturnType<typeof buildWorker>;
