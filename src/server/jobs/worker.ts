import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { runDigestJob } from '../email/digests/job';
import type { Mailer } from '../email/types';
import { deleteExpiredSessions } from '../features/auth/repo';

/** A unit of background work run every `everyMs`; later issues add polling and digests. */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export function defaultJobs(deps: {
  database: Database;
  clock: Clock;
  mailer?: Mailer;
  config?: Config;
  log?: Logger;
}): Job[] {
  const { mailer, config } = deps;
  return [
    {
      name: 'sessions.sweep-expired',
      everyMs: 60 * 60 * 1000,
      run: () => deleteExpiredSessions(deps.database.db, deps.clock.now()),
    },
    ...(mailer && config
      ? [
          {
            name: 'email.digests',
            everyMs: 30_000,
            run: async () =>
              void (await runDigestJob({
                db: deps.database.db,
                mailer,
                clock: deps.clock,
                appUrl: config.appUrl,
                mailFrom: config.mail.from,
                log: deps.log,
              })),
          },
        ]
      : []),
  ];
}

/**
 * Runs each job on its own timer, never overlapping itself; a failing run is logged and
 * retried at the next tick. `stop()` waits for runs in progress.
 */
export function startWorker(jobs: Job[], log: Logger) {
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = job
        .run()
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(tick, job.everyMs));
    setImmediate(tick);
  }
  log.info({ jobs: jobs.map((j) => j.name) }, 'worker started');

  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all(running);
    },
  };
}
