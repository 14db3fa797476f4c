import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is asking the database: the web side (an HTTP request, marked by the app) or the rest —
 * ingestion and every other background job, which go first. Decision record 023.
 */
const webLane = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts) as web work: behind the worker at the database. */
export function asWebWork<T>(fn: () => T): T {
  return webLane.run(true, fn);
}

export const isWebWork = () => webLane.getStore() === true;

/**
 * One database connection shared by web and worker (the embedded PGlite runs one statement or
 * transaction at a time): whoever holds it next is chosen here, the worker's turn before any
 * queued web work, so that API load never makes a listing's read wait behind a queue of
 * dashboard queries. Web work waits at most behind the one statement in progress.
 */
export function createPriorityGate() {
  let busy = false;
  const worker: (() => void)[] = [];
  const web: (() => void)[] = [];

  function release() {
    const next = worker.shift() ?? web.shift();
    if (next) next();
    else busy = false;
  }

  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (busy) {
        await new Promise<void>((resolve) => (isWebWork() ? web : worker).push(resolve));
      } else {
        busy = true;
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
    /** Waiting now: for tests and the status. */
    queued: () => ({ worker: worker.length, web: web.length }),
  };
}

export type PriorityGate = ReturnType<typeof createPriorityGate>;

type Runs = Record<'query' | 'exec' | 'transaction', (...args: never[]) => Promise<unknown>>;

/**
 * Puts a PGlite client's entry points behind the gate. PGlite's own `query`, `exec` and
 * `transaction` each run alone and call nothing else public, so each holds the gate once;
 * statements inside a transaction use the transaction's handle and do not pass it again.
 */
export function gateClient<C extends Runs>(client: C, gate: PriorityGate): C {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      value: (...args: unknown[]) => gate.run(() => original(...args)),
      configurable: true,
      writable: true,
    });
  }
  return client;
}
