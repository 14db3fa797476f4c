import type { Logger } from 'pino';

/**
 * A unit of background work, run every `everyMs` (never overlapping itself). Areas declare their
 * job names as string literal types, so `trigger` with a misspelt name does not compile.
 */
export interface Job<Name extends string = string> {
  name: Name;
  everyMs: number;
  /** A run is abandoned (and its signal aborted) after this long. */
  timeoutMs: number;
  /** Further tries of a failed run within the same tick, 1 s, 2 s, 4 s... apart. */
  retries: number;
  run(signal: AbortSignal): Promise<void>;
}

export class JobTimeoutError extends Error {
  constructor(job: string, ms: number) {
    super(`job ${job} ran longer than ${ms} ms`);
  }
}

/**
 * Resolves after `ms`, at once when `signal` aborts, or when the caller calls the `end` it is
 * handed (a trigger). Whichever comes first removes the timer and the abort listener, so a job
 * woken early leaves nothing behind on its signal.
 */
const wait = (ms: number, signal: AbortSignal, handEnd?: (end: () => void) => void) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    handEnd?.(done);
  });

/**
 * Runs each job on its own schedule: a run is time-boxed (its signal aborts at `timeoutMs`
 * and the runner stops waiting for it), a failed run is retried a bounded number of times,
 * and a job never overlaps itself, even when a timed-out run is still winding down.
 * `trigger` runs a job as soon as it is free; `runNow` does too, and says when that run is over;
 * `stop` waits for the runs in progress.
 */
export function startJobs<Name extends string>(jobs: Job<Name>[], log: Logger) {
  // One stop signal per job, not one for the whole runner: each job keeps an abort listener on
  // it (its run's time box, or its pause between runs), and a worker has more jobs than the
  // 10 listeners past which Node warns of a leak.
  const stops: AbortController[] = [];
  const states = new Map<string, { trigger: () => void; runNow: () => Promise<void> }>();
  const loops: Promise<void>[] = [];

  for (const job of jobs) {
    const stopping = new AbortController();
    stops.push(stopping);
    let wake: (() => void) | undefined;
    let triggered = false;
    // Callers of runNow, told when a run that starts after their call has ended.
    let waiting: (() => void)[] = [];
    const trigger = () => {
      triggered = true;
      wake?.();
    };
    states.set(job.name, {
      trigger,
      runNow: () =>
        new Promise<void>((resolve) => {
          if (stopping.signal.aborted) return resolve();
          waiting.push(resolve);
          trigger();
        }),
    });
    const loop = async () => {
      while (!stopping.signal.aborted) {
        triggered = false;
        const told = waiting;
        waiting = [];
        await runWithRetries(job, log, stopping.signal);
        for (const done of told) done();
        if (stopping.signal.aborted || triggered) continue;
        await wait(job.everyMs, stopping.signal, (end) => (wake = end));
        wake = undefined;
      }
      // Stopped: no run will come for those still waiting.
      for (const done of waiting) done();
    };
    loops.push(loop());
  }
  log.info({ jobs: jobs.map((j) => j.name) }, 'worker started');

  return {
    trigger(name: Name) {
      states.get(name)?.trigger();
    },
    /**
     * Runs the job as soon as it is free and resolves when that run (with its retries) has ended,
     * or at once when the job is unknown or the runner stopped: a caller can wait for a run that
     * saw everything done before the call, instead of sleeping.
     */
    runNow(name: Name): Promise<void> {
      return states.get(name)?.runNow() ?? Promise.resolve();
    },
    async stop() {
      for (const stopping of stops) stopping.abort();
      await Promise.all(loops);
    },
  };
}

async function runWithRetries(job: Job, log: Logger, stopping: AbortSignal) {
  for (let attempt = 0; attempt <= job.retries && !stopping.aborted; attempt++) {
    if (attempt > 0) await wait(1000 * 2 ** (attempt - 1), stopping);
    try {
      await runTimeBoxed(job, stopping);
      return;
    } catch (err) {
      const last = attempt === job.retries || stopping.aborted;
      log[last ? 'error' : 'warn']({ err, job: job.name, attempt: attempt + 1 }, 'job failed');
    }
  }
}

async function runTimeBoxed(job: Job, stopping: AbortSignal) {
  const box = new AbortController();
  const onStop = () => box.abort(stopping.reason);
  stopping.addEventListener('abort', onStop);
  let timer: NodeJS.Timeout | undefined;
  const run = job.run(box.signal);
  try {
    await Promise.race([
      run,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new JobTimeoutError(job.name, job.timeoutMs);
          box.abort(error);
          reject(error);
        }, job.timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
    // Never overlap: a run that ignored its signal is waited for before the next one starts.
    await run.catch(() => {});
  }
}

export type JobRunner<Name extends string = string> = ReturnType<typeof startJobs<Name>>;
