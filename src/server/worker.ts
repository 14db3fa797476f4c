import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createAccountJobs, type AccountJobName } from './accounts';
import { createBillingJobs, type BillingJobName } from './billing';
import { createChannelJobs, type ChannelJobName, type DeliverySettings } from './channels';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createEmailJobs, type EmailJobName, type Mailer } from './email';
import {
  createIngestionJobs,
  type IngestionJobName,
  type PollSettings,
  type SourceClients,
  type SourceSettings,
} from './ingestion';
import { startJobs, type Job, type JobRunner } from './jobs/runner';
import type { SecretBox } from './lib/secret-box';
import type { FeedClient, RedditClient } from './reddit';
import { createIndexObserver, type RecentItemWindow } from './preview';
import { createModelCache, createRelevanceJobs, type RelevanceJobName } from './relevance';

/** Every job a worker may run: `trigger` with any other name does not compile. */
export type WorkerJobName =
  | AccountJobName
  | BillingJobName
  | ChannelJobName
  | EmailJobName
  | IngestionJobName
  | RelevanceJobName;

export type WorkerDeps = {
  config: Config;
  database: Database;
  log: Logger;
  clock: Clock;
  /** Sends the digests; without one, no digest job runs. */
  mailer?: Mailer;
  /** The OAuth Reddit client (none without credentials). */
  reddit?: RedditClient;
  /** Limited mode's feed client (only without credentials). */
  feeds?: FeedClient;
  /** Tests shorten leases, overlap periods, timeouts and backoffs. */
  pollSettings?: Partial<PollSettings>;
  /** Tests shorten the channel deliveries' leases, backoffs and pacing. */
  deliverySettings?: Partial<DeliverySettings>;
  /** Identifies this process in listing leases. */
  owner?: string;
  /** Filled with what the live reads see, for the app's volume preview (ROLE=all). */
  recentItems?: RecentItemWindow;
  /** Opens the channels' sealed secrets to send (OutsideClients.secrets). */
  secrets: SecretBox;
  /** The clients of the sites beyond Reddit (OutsideClients.sources). */
  sources?: SourceClients;
  /** Tests shorten the sites' leases and intervals. */
  sourceSettings?: Partial<SourceSettings>;
};

/**
 * The worker's composition root: each area's named jobs on one runner. It builds no outside
 * client: main.ts passes them in (tests pass fakes). `start` begins the jobs; `stop` waits for
 * runs in progress.
 */
export function buildWorker(deps: WorkerDeps) {
  const { config, database, log, clock, mailer } = deps;
  const db = database.db;
  const owner = deps.owner ?? `worker-${randomBytes(6).toString('hex')}`;
  const ingestion = createIngestionJobs({
    config,
    database,
    clock,
    log,
    reddit: deps.reddit,
    feeds: deps.reddit ? undefined : deps.feeds,
    owner,
    pollSettings: deps.pollSettings,
    observeIndex: deps.recentItems && createIndexObserver(deps.recentItems),
    // The relevance models this worker has parsed, for the mentions its jobs score as they
    // store them (store-mentions.ts).
    models: createModelCache(),
    sources: deps.sources,
    sourceSettings: deps.sourceSettings,
  });
  const channels = createChannelJobs({
    database,
    clock,
    config,
    log,
    owner,
    settings: deps.deliverySettings,
    secrets: deps.secrets,
  });
  const jobs: Job<WorkerJobName>[] = [
    ...createAccountJobs({ db, clock }),
    ...createBillingJobs({ db, clock }),
    ...(mailer
      ? createEmailJobs({
          db,
          clock,
          mailer,
          appUrl: config.appUrl,
          mailFrom: config.mail.from,
          supportEmail: config.supportEmail,
          instantMinutes: config.instantEmailMinutes,
          log,
        })
      : []),
    ...ingestion.jobs,
    ...channels.jobs,
    ...createRelevanceJobs({ db, clock }),
  ];
  let runner: JobRunner<WorkerJobName> | undefined;

  return {
    owner,
    jobNames: jobs.map((job) => job.name),
    async start() {
      await ingestion.start((name) => runner?.trigger(name));
      await channels.start();
      runner = startJobs(jobs, log);
    },
    async stop() {
      await runner?.stop();
      await channels.stop();
      await ingestion.stop();
    },
    /** Runs a job now and resolves when that run is over (see JobRunner.runNow). */
    runNow(name: WorkerJobName) {
      return runner?.runNow(name) ?? Promise.resolve();
    },
    /** The live matching index (once started with Reddit access). */
    get index() {
      return ingestion.index;
    },
  };
}

export type Worker = ReturnType<typeof buildWorker>;
