import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { JobTimeoutError, startJobs, type Job, type JobRunner } from './runner';

type LogLine = {
  level: number;
  msg: string;
  job?: string;
  attempt?: number;
  err?: { message: string };
};

/** A real pino logger writing its JSON lines into an array. */
function capturingLogger() {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { log, lines, at: (level: number) => lines.filter((l) => l.level === level) };
}
const WARN = 40;
const ERROR = 50;

async function until(condition: () => boolean, timeoutMs = 2_500) {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error('condition not met in time');
    await delay(5);
  }
}

const job = (over: Partial<Job> & Pick<Job, 'run'>): Job => ({
  name: 'test-job',
  everyMs: 50,
  timeoutMs: 1_000,
  retries: 0,
  ...over,
});

let runners: JobRunner[] = [];
const start = <Name extends string>(jobs: Job<Name>[], log = capturingLogger().log) => {
  const runner = startJobs(jobs, log);
  runners.push(runner);
  return runner;
};
afterEach(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});

describe('startJobs', () => {
  test('a job runs at once and then every everyMs after the previous run', async () => {
    const t0 = performance.now();
    const starts: number[] = [];
    const runner = start([
      job({ everyMs: 50, run: async () => void starts.push(performance.now()) }),
    ]);
    await until(() => starts.length >= 4);
    await runner.stop();
    expect(starts[0] - t0).toBeLessThan(40);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(48);
    // Not much slower than the schedule either (generous for a loaded machine).
    expect(starts[3] - starts[0]).toBeLessThan(600);
  });

  test('the worker logs that it started, with the job names', () => {
    const capture = capturingLogger();
    start(
      [job({ name: 'a', run: async () => {} }), job({ name: 'b', run: async () => {} })],
      capture.log,
    );
    expect(capture.lines).toContainEqual(
      expect.objectContaining({ msg: 'worker started', jobs: ['a', 'b'] }),
    );
  });

  test('a job never overlaps itself: a slow run delays the next', async () => {
    let running = 0;
    let most = 0;
    const spans: [number, number][] = [];
    const runner = start([
      job({
        everyMs: 10,
        run: async () => {
          running++;
          most = Math.max(most, running);
          const began = performance.now();
          await delay(120);
          running--;
          spans.push([began, performance.now()]);
        },
      }),
    ]);
    await until(() => spans.length >= 3);
    await runner.stop();
    expect(most).toBe(1);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1] + 8);
  });

  test('different jobs run side by side', async () => {
    const active = new Set<string>();
    let together = false;
    const slow = (name: string) =>
      job({
        name,
        everyMs: 1_000,
        run: async () => {
          active.add(name);
          if (active.size === 2) together = true;
          await delay(80);
          active.delete(name);
        },
      });
    start([slow('a'), slow('b')]);
    await until(() => together);
  });

  test('a failing run is retried `retries` times, then logged as an error, and the job keeps its schedule', async () => {
    const capture = capturingLogger();
    const calls: number[] = [];
    const runner = start(
      [
        job({
          name: 'flaky',
          everyMs: 50,
          retries: 1,
          run: async () => {
            calls.push(performance.now());
            throw new Error(`boom ${calls.length}`);
          },
        }),
      ],
      capture.log,
    );
    await until(() => calls.length >= 3);
    await runner.stop();
    // The retry waits the first backoff step (1 s); the next tick only everyMs.
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(990);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(48);
    expect(calls[2] - calls[1]).toBeLessThan(900);
    expect(capture.at(WARN)[0]).toMatchObject({
      msg: 'job failed',
      job: 'flaky',
      attempt: 1,
      err: { message: 'boom 1' },
    });
    expect(capture.at(ERROR)[0]).toMatchObject({
      msg: 'job failed',
      job: 'flaky',
      attempt: 2,
      err: { message: 'boom 2' },
    });
  });

  test('a run that succeeds on its retry logs only a warning', async () => {
    const capture = capturingLogger();
    let calls = 0;
    const runner = start(
      [
        job({
          everyMs: 10_000,
          retries: 1,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error('once');
          },
        }),
      ],
      capture.log,
    );
    await until(() => calls >= 2);
    await delay(20);
    await runner.stop();
    expect(calls).toBe(2);
    expect(capture.at(WARN)).toHaveLength(1);
    expect(capture.at(ERROR)).toHaveLength(0);
  });

  test('with retries 0 a failure is an error at once and the next tick comes after everyMs', async () => {
    const capture = capturingLogger();
    const calls: number[] = [];
    const runner = start(
      [
        job({
          everyMs: 40,
          run: async () => {
            calls.push(performance.now());
            throw new Error('always');
          },
        }),
      ],
      capture.log,
    );
    await until(() => calls.length >= 2);
    await runner.stop();
    expect(calls[1] - calls[0]).toBeLessThan(900);
    expect(capture.at(ERROR).length).toBeGreaterThanOrEqual(1);
    expect(capture.at(WARN)).toHaveLength(0);
  });

  test('a run longer than timeoutMs has its signal aborted; the next tick waits until it settles', async () => {
    const capture = capturingLogger();
    const spans: [number, number][] = [];
    const reasons: unknown[] = [];
    const runner = start(
      [
        job({
          name: 'slowpoke',
          everyMs: 20,
          timeoutMs: 50,
          run: async (signal) => {
            const began = performance.now();
            signal.addEventListener('abort', () => reasons.push(signal.reason));
            // Ignores its signal on purpose: the runner must still not overlap it.
            await delay(200);
            spans.push([began, performance.now()]);
          },
        }),
      ],
      capture.log,
    );
    await until(() => spans.length >= 2);
    await runner.stop();
    expect(reasons[0]).toBeInstanceOf(JobTimeoutError);
    expect(spans[1][0]).toBeGreaterThanOrEqual(spans[0][1] + 18);
    expect(capture.at(ERROR)[0]).toMatchObject({ job: 'slowpoke', msg: 'job failed' });
    expect(capture.at(ERROR)[0].err?.message).toContain('ran longer than 50 ms');
  });

  test('a run that honours its signal ends at the time box', async () => {
    const ended: number[] = [];
    const began = performance.now();
    start([
      job({
        everyMs: 10_000,
        timeoutMs: 60,
        run: (signal) =>
          new Promise<void>((_, reject) => {
            signal.addEventListener('abort', () => {
              ended.push(performance.now());
              reject(signal.reason as Error);
            });
          }),
      }),
    ]);
    await until(() => ended.length >= 1);
    expect(ended[0] - began).toBeGreaterThanOrEqual(55);
    expect(ended[0] - began).toBeLessThan(1_000);
  });

  test('trigger(name) runs a job before its interval elapses', async () => {
    let calls = 0;
    const runner = start([job({ name: 'digest', everyMs: 60_000, run: async () => void calls++ })]);
    await until(() => calls === 1);
    await delay(20);
    expect(calls).toBe(1);
    const triggeredAt = performance.now();
    runner.trigger('digest');
    await until(() => calls === 2);
    // Far below the 60 s interval, with room for a loaded CI machine.
    expect(performance.now() - triggeredAt).toBeLessThan(5_000);
  });

  test('a trigger during a run makes the job run again right after it', async () => {
    let calls = 0;
    let release!: () => void;
    const runner = start([
      job({
        name: 'sync',
        everyMs: 60_000,
        run: async () => {
          calls++;
          if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        },
      }),
    ]);
    await until(() => calls === 1);
    runner.trigger('sync');
    release();
    await until(() => calls === 2);
    await delay(30);
    expect(calls).toBe(2);
  });

  test('runNow(name) resolves when a run that started after the call has ended', async () => {
    const seen: number[] = [];
    let value = 0;
    let release!: () => void;
    const runner = start([
      job({
        name: 'sync',
        everyMs: 60_000,
        run: async () => {
          const read = value;
          if (seen.length === 0) await new Promise<void>((resolve) => (release = resolve));
          seen.push(read);
        },
      }),
    ]);
    // Called during the first run: resolved after the second, which sees the new value.
    await until(() => release !== undefined);
    value = 1;
    const done = runner.runNow('sync');
    release();
    await done;
    expect(seen).toEqual([0, 1]);
    // Called while idle: the run comes at once, long before the interval.
    value = 2;
    await runner.runNow('sync');
    expect(seen).toEqual([0, 1, 2]);
  });

  test('runNow resolves for an unknown job, and once the runner has stopped', async () => {
    const runner = start([job({ everyMs: 60_000, run: () => delay(20) })]);
    await runner.runNow('no-such-job');
    const pending = runner.runNow('test-job');
    await runner.stop();
    await pending;
    await runner.runNow('test-job');
  });

  test('triggering an unknown job does nothing', async () => {
    let calls = 0;
    const runner = start([job({ everyMs: 60_000, run: async () => void calls++ })]);
    await until(() => calls === 1);
    expect(() => runner.trigger('no-such-job')).not.toThrow();
    await delay(30);
    expect(calls).toBe(1);
  });

  test('a runner only takes the names of its own jobs (checked by the type checker)', async () => {
    const named: Job<'digest' | 'sync'>[] = [
      job({ name: 'digest', everyMs: 60_000, run: async () => {} }) as Job<'digest'>,
      job({ name: 'sync', everyMs: 60_000, run: async () => {} }) as Job<'sync'>,
    ];
    const runner = start(named);
    runner.trigger('sync');
    // @ts-expect-error: a misspelt job name is a type error, not a silent no-op.
    runner.trigger('digset');
    await runner.stop();
  });

  test('stop() ends the waits at once', async () => {
    let calls = 0;
    const runner = start([job({ everyMs: 60_000, run: async () => void calls++ })]);
    await until(() => calls === 1);
    const stoppingAt = performance.now();
    await runner.stop();
    // The wait was 60 s; the bound leaves room for a loaded CI machine.
    expect(performance.now() - stoppingAt).toBeLessThan(2_000);
    expect(calls).toBe(1);
  });

  test('stop() aborts the runs in progress and resolves only after they finish', async () => {
    let finished = false;
    let sawAbort = false;
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const runner = start([
      job({
        everyMs: 60_000,
        timeoutMs: 10_000,
        run: async (signal) => {
          markStarted();
          // Runs until aborted, then winds down for a while, as a run finishing its write would.
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          sawAbort = true;
          await delay(150);
          finished = true;
        },
      }),
    ]);
    // Stops once the run is in progress (not after a fixed sleep, which a loaded machine can
    // outlast, letting the run end before the stop it is meant to meet).
    await started;
    const stoppingAt = performance.now();
    await runner.stop();
    expect(sawAbort).toBe(true);
    expect(finished).toBe(true);
    expect(performance.now() - stoppingAt).toBeGreaterThanOrEqual(100);
  });

  test('stop() during a retry backoff does not wait for the backoff', async () => {
    let calls = 0;
    const runner = start([
      job({
        everyMs: 60_000,
        retries: 3,
        run: async () => {
          calls++;
          throw new Error('down');
        },
      }),
    ]);
    await until(() => calls === 1);
    const stoppingAt = performance.now();
    await runner.stop();
    // Below the first backoff (1 s), so the stop did not sit it out.
    expect(performance.now() - stoppingAt).toBeLessThan(900);
    expect(calls).toBe(1);
  });

  test('no run starts after stop()', async () => {
    let calls = 0;
    const runner = start([job({ everyMs: 10, run: async () => void calls++ })]);
    await until(() => calls >= 2);
    await runner.stop();
    const after = calls;
    await delay(60);
    expect(calls).toBe(after);
  });

  describe('leaves no abort listeners behind', () => {
    const leakWarnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') leakWarnings.push(warning);
    };
    beforeEach(() => {
      leakWarnings.length = 0;
      process.on('warning', onWarning);
    });
    afterEach(() => void process.off('warning', onWarning));
    // Node emits its warnings on the next tick.
    const warningsSoFar = async () => {
      await delay(10);
      return leakWarnings.map((w) => w.message);
    };

    test('a worker with more jobs than Node’s listener limit (10) runs them without a leak warning', async () => {
      let calls = 0;
      const runner = start(
        Array.from({ length: 16 }, (_, i) =>
          job({ name: `job-${i}`, everyMs: 60_000, run: async () => void calls++ }),
        ),
      );
      await until(() => calls === 16);
      await runner.stop();
      expect(await warningsSoFar()).toEqual([]);
    });

    test('a job triggered many times between two ticks runs each time without a leak warning', async () => {
      let calls = 0;
      const runner = start([job({ name: 'sync', everyMs: 60_000, run: async () => void calls++ })]);
      for (let turn = 1; turn <= 25; turn++) {
        await until(() => calls === turn);
        runner.trigger('sync');
      }
      await until(() => calls === 26);
      await runner.stop();
      expect(await warningsSoFar()).toEqual([]);
    });
  });
});
