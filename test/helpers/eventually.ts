import { EventEmitter, once } from 'node:events';

export type EventuallyOptions = {
  /** How long to wait before failing (ms). */
  timeoutMs?: number;
  /** Polling only: how often `check` runs (ms). */
  intervalMs?: number;
};

/**
 * Waits until `check` answers something other than undefined, null or false, and returns it;
 * fails after `timeoutMs` naming `what`. For a condition that has no event to wait on (a row in
 * the database, a file): `expect.poll` does the same inside a test, this works in hooks and
 * helpers too. Where the thing awaited can announce itself, use `whenChanged` instead.
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 25 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A source that says when it changed (a sink that received a message), and a way to wait on it:
 * `until` checks at once and again after each change, never on a timer, so it answers as soon
 * as the change it waits for happens.
 */
export class ChangeSignal {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  /** Tells every waiter to check again. */
  changed() {
    this.emitter.emit('changed');
  }

  async until<T>(
    what: string,
    check: () => T | undefined | null | false,
    timeoutMs = 10_000,
  ): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    for (;;) {
      const found = check();
      if (found !== undefined && found !== null && found !== false) return found;
      try {
        await once(this.emitter, 'changed', { signal });
      } catch {
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      }
    }
  }
}
