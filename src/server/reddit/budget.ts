import type { Clock } from '../clock';

/**
 * The request budget of one OAuth client id (1,000 requests per 600 s window as of 2026),
 * shared by every worker through a `BudgetStore`. Requests are paced evenly across the window
 * rather than sent in bursts, Reddit's `X-Ratelimit-*` headers correct the local count, and
 * a 429 pauses everyone.
 */
export type BudgetState = {
  /** Requests allowed per window: Reddit's used + remaining, else the configured limit. */
  windowLimit: number;
  windowResetAt: number;
  /** Requests counted in the current window (Reddit's figure once it sent one). */
  used: number;
  /** The earliest moment the next request may go. */
  nextSlotAt: number;
  pausedUntil: number;
  /** Requests sent since the state was created, and in the current minute (for status). */
  sentTotal: number;
  minuteStartedAt: number;
  sentThisMinute: number;
  /** Background requests (re-checks, backfill) in the window ending at `backgroundWindowEnd`. */
  backgroundUsed?: number;
  backgroundWindowEnd?: number;
  /** Requests of the post-id enumeration, counted apart: it has a share of its own. */
  idsUsed?: number;
  idsWindowEnd?: number;
  /** What users set off this minute: interactive-share.ts. */
  interactive?: InteractiveMinute;
};

/** The interactive share's current minute: requests taken, in all and per user. */
export type InteractiveMinute = {
  startedAt: number;
  used: number;
  /** Per user: requests taken this minute (0 for a user who asked and was refused). */
  users: Record<string, number>;
};

/** A way of taking a slot that may refuse, saying why (interactive-share.ts). */
export type SlotRule<R> = (
  state: BudgetState,
  now: number,
  options: BudgetOptions,
) => { ok: true; sendAt: number; state: BudgetState } | ({ ok: false; state: BudgetState } & R);

/** The background work that counts against a share of each window: which counter it uses. */
export type SharePool = 'background' | 'ids';
const POOL_FIELDS = {
  background: { used: 'backgroundUsed', end: 'backgroundWindowEnd' },
  ids: { used: 'idsUsed', end: 'idsWindowEnd' },
} as const;

export type BudgetOptions = {
  /** Requests per window when Reddit sends no headers. */
  limit: number;
  windowMs: number;
  /** Share of the window's requests actually used: a margin for clock skew and retries. */
  utilisation: number;
};

export const DEFAULT_BUDGET: BudgetOptions = { limit: 1000, windowMs: 600_000, utilisation: 0.97 };

export function initialBudget(now: number, options: BudgetOptions): BudgetState {
  return {
    windowLimit: options.limit,
    windowResetAt: now + options.windowMs,
    used: 0,
    nextSlotAt: now,
    pausedUntil: 0,
    sentTotal: 0,
    minuteStartedAt: now,
    sentThisMinute: 0,
  };
}

/** Takes the next request slot: when the request may be sent, and the state after it. */
export function reserveSlot(
  state: BudgetState,
  now: number,
  options: BudgetOptions,
): { sendAt: number; state: BudgetState } {
  let next = { ...state };
  if (now >= next.windowResetAt) {
    next = { ...next, used: 0, windowResetAt: now + options.windowMs };
  }
  const allowed = Math.floor(next.windowLimit * options.utilisation);
  const remaining = allowed - next.used;
  // Even pacing at the window's rate, slower when Reddit says fewer requests are left than
  // the rest of the window would take at that pace.
  const base = options.windowMs / (next.windowLimit * options.utilisation);
  const earliest = Math.max(now, next.nextSlotAt, next.pausedUntil);
  let sendAt: number;
  if (remaining <= 0) {
    sendAt = Math.max(earliest, next.windowResetAt);
    next.used = 0;
    next.windowResetAt = sendAt + options.windowMs;
  } else {
    sendAt = earliest;
  }
  const left = Math.max(next.windowResetAt - sendAt, 0);
  const interval = Math.max(base, left / Math.max(allowed - next.used, 1));
  next.used += 1;
  next.nextSlotAt = sendAt + interval;
  next.sentTotal += 1;
  if (sendAt - next.minuteStartedAt >= 60_000) {
    next.minuteStartedAt = sendAt;
    next.sentThisMinute = 0;
  }
  next.sentThisMinute += 1;
  return { sendAt, state: next };
}

export type RateLimitHeaders = { used: number; remaining: number; resetSeconds: number };

/** Reads `X-Ratelimit-*`; undefined when any is missing or not a number (it often is). */
export function readRateLimitHeaders(headers: Headers): RateLimitHeaders | undefined {
  const names = ['x-ratelimit-used', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
  if (names.some((name) => (headers.get(name) ?? '').trim() === '')) return undefined;
  const used = Number(headers.get('x-ratelimit-used'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const resetSeconds = Number(headers.get('x-ratelimit-reset'));
  if (![used, remaining, resetSeconds].every((n) => Number.isFinite(n) && n >= 0)) {
    return undefined;
  }
  return { used, remaining, resetSeconds };
}

/**
 * Reddit's own count wins over ours: other clients of the same id spend it too. A larger
 * window than configured is not taken up: the configured limit stays the ceiling.
 */
export function observeHeaders(
  state: BudgetState,
  now: number,
  headers: RateLimitHeaders,
  limit = Infinity,
): BudgetState {
  const windowLimit = Math.min(limit, Math.max(1, Math.round(headers.used + headers.remaining)));
  const windowResetAt = now + headers.resetSeconds * 1000;
  const sameWindow = Math.abs(windowResetAt - state.windowResetAt) < 5_000;
  // Answers arrive out of order: in the same window, never count down.
  const used = sameWindow ? Math.max(state.used, headers.used) : headers.used;
  return { ...state, windowLimit, windowResetAt, used };
}

/**
 * Takes a slot only when it is free within `maxWaitMs`; undefined (state unchanged) otherwise.
 * With `share`, a background request also stays within that share of the window's requests,
 * so that it only ever uses capacity the listings leave.
 */
export function tryReserveSlot(
  state: BudgetState,
  now: number,
  options: BudgetOptions,
  want: { maxWaitMs: number; share?: number; pool?: SharePool },
): { sendAt: number; state: BudgetState } | undefined {
  const reserved = reserveSlot(state, now, options);
  if (reserved.sendAt - now > want.maxWaitMs) return undefined;
  if (want.share === undefined) return reserved;
  const next = reserved.state;
  const fields = POOL_FIELDS[want.pool ?? 'background'];
  const sameWindow = state[fields.end] === next.windowResetAt;
  const used = sameWindow ? (state[fields.used] ?? 0) : 0;
  if (used >= Math.max(1, Math.floor(next.windowLimit * options.utilisation * want.share))) {
    return undefined;
  }
  return {
    sendAt: reserved.sendAt,
    state: { ...next, [fields.used]: used + 1, [fields.end]: next.windowResetAt },
  };
}

export function pauseUntil(state: BudgetState, until: number): BudgetState {
  return { ...state, pausedUntil: Math.max(state.pausedUntil, until) };
}

/** Where the budget lives: in memory for one process, or a row shared by every worker. */
export interface BudgetStore {
  /** Runs `change` on the current state atomically (under a lock where shared). */
  update<T>(
    change: (state: BudgetState | undefined) => { state: BudgetState; result: T },
  ): Promise<T>;
  read(): Promise<BudgetState | undefined>;
}

export function memoryBudgetStore(): BudgetStore {
  let current: BudgetState | undefined;
  return {
    async update(change) {
      const { state, result } = change(current);
      current = state;
      return result;
    },
    read: async () => current,
  };
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createRequestBudget(deps: {
  store: BudgetStore;
  clock: Clock;
  sleep?: Sleep;
  options?: Partial<BudgetOptions>;
}) {
  const options = { ...DEFAULT_BUDGET, ...deps.options };
  const sleep = deps.sleep ?? realSleep;
  const now = () => deps.clock.now().getTime();
  const current = (state: BudgetState | undefined) => state ?? initialBudget(now(), options);

  return {
    options,
    /** Waits for this process's next slot; every request to the API takes one. */
    async acquire(signal?: AbortSignal): Promise<void> {
      const sendAt = await deps.store.update((state) => {
        const reserved = reserveSlot(current(state), now(), options);
        return { state: reserved.state, result: reserved.sendAt };
      });
      const wait = sendAt - now();
      if (wait > 0) await sleep(wait, signal);
    },
    /**
     * Takes a slot only if one is free within `maxWaitMs` (and, with `share`, within that share
     * of the window): false means "not now", and nothing was taken.
     */
    async tryAcquire(
      want: { maxWaitMs: number; share?: number; pool?: SharePool },
      signal?: AbortSignal,
    ): Promise<boolean> {
      const sendAt = await deps.store.update((state) => {
        const reserved = tryReserveSlot(current(state), now(), options, want);
        return reserved
          ? { state: reserved.state, result: reserved.sendAt }
          : { state: current(state), result: undefined };
      });
      if (sendAt === undefined) return false;
      const wait = sendAt - now();
      if (wait > 0) await sleep(wait, signal);
      return true;
    },
    /**
     * A slot by `rule` (the interactive share), waited for; on refusal nothing was taken but
     * what the rule records, and the answer is the rule's reason.
     */
    async tryAcquireBy<R>(
      rule: SlotRule<R>,
      signal?: AbortSignal,
    ): Promise<{ ok: true } | ({ ok: false } & R)> {
      const outcome = await deps.store.update((state) => {
        const tried = rule(current(state), now(), options);
        return { state: tried.state, result: tried };
      });
      if (!outcome.ok) {
        const { state: _state, ...refusal } = outcome;
        return refusal;
      }
      const wait = outcome.sendAt - now();
      if (wait > 0) await sleep(wait, signal);
      return { ok: true };
    },
    async observe(headers: RateLimitHeaders): Promise<void> {
      await deps.store.update((state) => ({
        state: observeHeaders(current(state), now(), headers, options.limit),
        result: undefined,
      }));
    },
    /** After a 429: nobody sends before `ms` from now. */
    async pause(ms: number): Promise<void> {
      await deps.store.update((state) => ({
        state: pauseUntil(current(state), now() + ms),
        result: undefined,
      }));
    },
    async state(): Promise<BudgetState> {
      return current(await deps.store.read());
    },
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
