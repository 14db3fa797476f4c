import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_BUDGET,
  createRequestBudget,
  initialBudget,
  memoryBudgetStore,
  observeHeaders,
  pauseUntil,
  readRateLimitHeaders,
  reserveSlot,
  tryReserveSlot,
  type BudgetOptions,
  type BudgetState,
  type RateLimitHeaders,
  type Sleep,
} from './budget';

const WINDOW = DEFAULT_BUDGET.windowMs;
const MINUTE = 60_000;
/** The even spacing at the configured limit: 600 s / 970 ≈ 618.6 ms. */
const BASE_GAP = DEFAULT_BUDGET.windowMs / (DEFAULT_BUDGET.limit * DEFAULT_BUDGET.utilisation);

/**
 * The most sends found in any window [s, s + windowMs − 1 ms). The millisecond absorbs
 * floating-point noise: 970 even gaps of 600,000/970 ms add up to 599,999.9999999999.
 */
function busiestWindow(sends: number[], windowMs: number) {
  let most = 0;
  let first = 0;
  for (let last = 0; last < sends.length; last++) {
    while (sends[last] - sends[first] >= windowMs - 1) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const gaps = (sends: number[]) => sends.slice(1).map((at, i) => at - sends[i]);

type Action =
  | { type: 'reserve' }
  | { type: 'observe'; headers: RateLimitHeaders }
  | { type: 'pause'; ms: number }
  | { type: 'idle'; ms: number };

/**
 * One process reserving slots and sending each request at its `sendAt`, with a clock that
 * only moves forward: reserving advances it to the send time, as waiting for the slot would.
 */
function simulate(actions: Action[], options: BudgetOptions = DEFAULT_BUDGET, start = 0) {
  let now = start;
  let state: BudgetState = initialBudget(now, options);
  const sends: number[] = [];
  for (const action of actions) {
    if (action.type === 'reserve') {
      const reserved = reserveSlot(state, now, options);
      expect(reserved.sendAt).toBeGreaterThanOrEqual(now);
      now = reserved.sendAt;
      state = reserved.state;
      sends.push(reserved.sendAt);
    } else if (action.type === 'observe') {
      state = observeHeaders(state, now, action.headers);
    } else if (action.type === 'pause') {
      state = pauseUntil(state, now + action.ms);
    } else {
      now += action.ms;
    }
  }
  return { sends, state, now };
}

const reserves = (n: number): Action[] => Array.from({ length: n }, () => ({ type: 'reserve' }));

describe('reserveSlot, back to back', () => {
  const { sends } = simulate(reserves(3000));

  test('never sends more than 970 requests in any 600 s window (1,000 at 0.97 utilisation)', () => {
    expect(busiestWindow(sends, WINDOW)).toBeLessThanOrEqual(970);
    expect(busiestWindow(sends, WINDOW)).toBeGreaterThanOrEqual(960);
  });

  test('never sends more than 110 requests in any 60 s window', () => {
    expect(busiestWindow(sends, MINUTE)).toBeLessThanOrEqual(110);
  });

  test('spaces the requests evenly across the window', () => {
    for (const gap of gaps(sends)) expect(gap).toBeGreaterThanOrEqual(BASE_GAP - 1);
    // Even, not merely slow: no gap is much longer than the base interval either.
    for (const gap of gaps(sends)) expect(gap).toBeLessThan(BASE_GAP + 1);
  });

  test('the first request goes at once', () => {
    expect(sends[0]).toBe(0);
  });

  test('a custom limit and window pace at their own rate', () => {
    const options = { limit: 100, windowMs: 10_000, utilisation: 1 };
    const custom = simulate(reserves(250), options).sends;
    expect(busiestWindow(custom, 10_000)).toBeLessThanOrEqual(100);
    for (const gap of gaps(custom)) expect(gap).toBeGreaterThanOrEqual(100 - 1);
  });

  test('counts sends for the status line: in total and within the current minute', () => {
    let state = initialBudget(0, DEFAULT_BUDGET);
    let now = 0;
    for (let i = 0; i < 200; i++) {
      const reserved = reserveSlot(state, now, DEFAULT_BUDGET);
      now = reserved.sendAt;
      state = reserved.state;
    }
    expect(state.sentTotal).toBe(200);
    expect(state.sentThisMinute).toBeGreaterThan(0);
    expect(state.sentThisMinute).toBeLessThanOrEqual(110);
    expect(now - state.minuteStartedAt).toBeLessThan(MINUTE);
  });
});

describe('reserveSlot with Reddit headers', () => {
  test('fewer remaining requests than the window needs slow the pace to about resetLeft/remaining', () => {
    // 100 requests left for the next 300 s: the even pace (~619 ms) would spend them in 62 s.
    const headers = { used: 900, remaining: 100, resetSeconds: 300 };
    const { sends } = simulate([{ type: 'observe', headers }, ...reserves(60)]);
    const resetLeft = 300_000;
    for (const gap of gaps(sends)) {
      expect(gap).toBeGreaterThanOrEqual(resetLeft / headers.remaining - 1);
      // Slower, but still spending the remaining budget across the window, not stalling.
      expect(gap).toBeLessThanOrEqual((resetLeft / headers.remaining) * 2);
    }
    expect(sends.filter((at) => at < resetLeft).length).toBeLessThanOrEqual(headers.remaining);
  });

  test('remaining 0 waits for the reset', () => {
    const headers = { used: 1000, remaining: 0, resetSeconds: 120 };
    const { sends } = simulate([
      { type: 'idle', ms: 5_000 },
      { type: 'observe', headers },
      ...reserves(3),
    ]);
    expect(sends[0]).toBe(5_000 + 120_000);
    // After the reset the pace is the even one again.
    for (const gap of gaps(sends)) expect(gap).toBeGreaterThanOrEqual(BASE_GAP - 1);
    for (const gap of gaps(sends)) expect(gap).toBeLessThan(BASE_GAP + 1);
  });

  test('a used count above the window limit also waits for the reset', () => {
    const headers = { used: 990, remaining: 10, resetSeconds: 30 };
    const state = observeHeaders(initialBudget(0, DEFAULT_BUDGET), 0, headers);
    const { sendAt } = reserveSlot(state, 0, DEFAULT_BUDGET);
    expect(sendAt).toBe(30_000);
  });

  test('a pause delays the next slot', () => {
    const { sends } = simulate([
      { type: 'reserve' },
      { type: 'pause', ms: 4_000 },
      { type: 'reserve' },
      { type: 'reserve' },
    ]);
    expect(sends[0]).toBe(0);
    expect(sends[1]).toBe(4_000);
    expect(sends[2] - sends[1]).toBeGreaterThanOrEqual(BASE_GAP - 1);
  });

  test('a pause never shortens an earlier, longer pause', () => {
    const state = pauseUntil(pauseUntil(initialBudget(0, DEFAULT_BUDGET), 10_000), 3_000);
    expect(state.pausedUntil).toBe(10_000);
    expect(reserveSlot(state, 0, DEFAULT_BUDGET).sendAt).toBe(10_000);
  });

  test('a pause that has passed no longer delays anything', () => {
    const state = pauseUntil(initialBudget(0, DEFAULT_BUDGET), 1_000);
    expect(reserveSlot(state, 2_000, DEFAULT_BUDGET).sendAt).toBe(2_000);
  });

  test('out-of-order headers in the same window never lower used', () => {
    let state = initialBudget(0, DEFAULT_BUDGET);
    state = observeHeaders(state, 10_000, { used: 50, remaining: 950, resetSeconds: 300 });
    // An older answer arriving later: fewer used, the same window end (rounded to seconds).
    state = observeHeaders(state, 10_400, { used: 40, remaining: 960, resetSeconds: 300 });
    expect(state.used).toBe(50);
    state = observeHeaders(state, 11_000, { used: 48, remaining: 952.0, resetSeconds: 299 });
    expect(state.used).toBe(50);
    state = observeHeaders(state, 11_500, { used: 61, remaining: 939, resetSeconds: 298 });
    expect(state.used).toBe(61);
  });

  test("Reddit's count replaces ours, in both directions, when it names another window", () => {
    let state = initialBudget(0, DEFAULT_BUDGET);
    state = { ...state, used: 700 };
    state = observeHeaders(state, 0, { used: 3, remaining: 997, resetSeconds: 120 });
    expect(state.used).toBe(3);
    expect(state.windowResetAt).toBe(120_000);
    expect(state.windowLimit).toBe(1000);
    // Other clients of the same id spent more than we did.
    state = observeHeaders(state, 1_000, { used: 400, remaining: 600, resetSeconds: 60 });
    expect(state.used).toBe(400);
  });

  test('a new window resets the count', () => {
    let state = observeHeaders(initialBudget(0, DEFAULT_BUDGET), 0, {
      used: 960,
      remaining: 40,
      resetSeconds: 10,
    });
    const reserved = reserveSlot(state, 10_000, DEFAULT_BUDGET);
    state = reserved.state;
    expect(reserved.sendAt).toBe(10_000);
    expect(state.used).toBe(1);
    expect(state.windowResetAt).toBe(10_000 + WINDOW);
    // Reddit's headers for the new window agree.
    state = observeHeaders(state, 10_100, { used: 1, remaining: 999, resetSeconds: 600 });
    expect(state.used).toBe(1);
  });

  test('the window limit follows used + remaining and rounds float headers', () => {
    const state = observeHeaders(initialBudget(0, DEFAULT_BUDGET), 0, {
      used: 4,
      remaining: 595.9999,
      resetSeconds: 600,
    });
    expect(state.windowLimit).toBe(600);
    const { sends } = simulate([
      { type: 'observe', headers: { used: 0, remaining: 600, resetSeconds: 600 } },
      ...reserves(700),
    ]);
    expect(busiestWindow(sends, WINDOW)).toBeLessThanOrEqual(Math.floor(600 * 0.97));
  });
});

describe('readRateLimitHeaders', () => {
  test.each([
    [
      'float strings',
      { used: '3', remaining: '997.0', reset: '412' },
      { used: 3, remaining: 997, resetSeconds: 412 },
    ],
    [
      'integer strings',
      { used: '8', remaining: '992', reset: '58' },
      { used: 8, remaining: 992, resetSeconds: 58 },
    ],
    [
      'zero remaining',
      { used: '1000', remaining: '0.0', reset: '7' },
      { used: 1000, remaining: 0, resetSeconds: 7 },
    ],
    [
      'a float used',
      { used: '2.0', remaining: '598.0', reset: '0' },
      { used: 2, remaining: 598, resetSeconds: 0 },
    ],
  ])('accepts %s', (_, values, expected) => {
    const headers = new Headers({
      'X-Ratelimit-Used': values.used,
      'X-Ratelimit-Remaining': values.remaining,
      'X-Ratelimit-Reset': values.reset,
    });
    expect(readRateLimitHeaders(headers)).toEqual(expected);
  });

  test.each([
    ['no headers at all', {}],
    ['a missing used', { 'x-ratelimit-remaining': '997.0', 'x-ratelimit-reset': '412' }],
    ['a missing remaining', { 'x-ratelimit-used': '3', 'x-ratelimit-reset': '412' }],
    ['a missing reset', { 'x-ratelimit-used': '3', 'x-ratelimit-remaining': '997.0' }],
    [
      'a NaN remaining',
      { 'x-ratelimit-used': '3', 'x-ratelimit-remaining': 'NaN', 'x-ratelimit-reset': '412' },
    ],
    [
      'a word for used',
      { 'x-ratelimit-used': 'many', 'x-ratelimit-remaining': '997.0', 'x-ratelimit-reset': '412' },
    ],
    [
      'an infinite reset',
      {
        'x-ratelimit-used': '3',
        'x-ratelimit-remaining': '997.0',
        'x-ratelimit-reset': 'Infinity',
      },
    ],
    [
      'a negative remaining',
      { 'x-ratelimit-used': '3', 'x-ratelimit-remaining': '-1.0', 'x-ratelimit-reset': '412' },
    ],
    [
      'a negative reset',
      { 'x-ratelimit-used': '3', 'x-ratelimit-remaining': '997.0', 'x-ratelimit-reset': '-5' },
    ],
  ])('rejects %s', (_, values) => {
    expect(readRateLimitHeaders(new Headers(values))).toBeUndefined();
  });

  // Number('') is 0: an empty header would read as "0 remaining, resets now" and stall the
  // budget until the next window, though the doc comment promises undefined for "not a number".
  test('rejects empty header values', () => {
    const headers = new Headers({
      'x-ratelimit-used': '',
      'x-ratelimit-remaining': '',
      'x-ratelimit-reset': '',
    });
    expect(readRateLimitHeaders(headers)).toBeUndefined();
  });
});

/** A clock that only moves when the fake sleep makes it (sub-millisecond parts kept). */
function fakeTime(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  const slept: number[] = [];
  const sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw signal.reason;
    slept.push(ms);
    t += ms;
  };
  return {
    clock: { now: () => new Date(t) },
    sleep,
    slept,
    at: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('tryReserveSlot shares', () => {
  // 1,000 a window at 97%: a 3% share is 29 requests, a 6% one 58.
  const take = (state: BudgetState, pool: 'background' | 'ids', share: number) =>
    tryReserveSlot(state, state.nextSlotAt, DEFAULT_BUDGET, { maxWaitMs: 1000, share, pool });

  test('each pool counts its own requests within its share of the window', () => {
    let state = initialBudget(0, DEFAULT_BUDGET);
    const granted = { background: 0, ids: 0 };
    for (let i = 0; i < 200; i++) {
      for (const [pool, share] of [
        ['background', 0.03],
        ['ids', 0.06],
      ] as const) {
        const taken = take(state, pool, share);
        if (!taken) continue;
        granted[pool]++;
        state = taken.state;
      }
    }
    expect(granted).toEqual({ background: 29, ids: 58 });
    expect(state.backgroundUsed).toBe(29);
    expect(state.idsUsed).toBe(58);
  });

  test('a new window gives each pool its share again', () => {
    let state = initialBudget(0, DEFAULT_BUDGET);
    for (let i = 0; i < 58; i++) state = take(state, 'ids', 0.06)!.state;
    expect(take(state, 'ids', 0.06)).toBeUndefined();
    const later = { ...state, nextSlotAt: state.windowResetAt + 1 };
    expect(take(later, 'ids', 0.06)?.state.idsUsed).toBe(1);
  });
});

describe('createRequestBudget with memoryBudgetStore', () => {
  test('acquire paces requests evenly through the injected sleep', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    const sends: number[] = [];
    for (let i = 0; i < 1200; i++) {
      await budget.acquire();
      sends.push(time.at());
    }
    expect(time.slept.length).toBeGreaterThan(1000);
    expect(busiestWindow(sends, WINDOW)).toBeLessThanOrEqual(970);
    expect(busiestWindow(sends, MINUTE)).toBeLessThanOrEqual(110);
    for (const gap of gaps(sends)) expect(gap).toBeGreaterThanOrEqual(BASE_GAP - 1);
    const state = await budget.state();
    expect(state.sentTotal).toBe(1200);
  });

  test('the first request does not wait', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    await budget.acquire();
    expect(time.slept).toEqual([]);
  });

  test('a request that comes after a quiet spell does not wait', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    await budget.acquire();
    time.advance(5_000);
    await budget.acquire();
    expect(time.slept).toEqual([]);
  });

  test('pause makes every later acquire wait until it ends', async () => {
    const time = fakeTime();
    const start = time.at();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    await budget.acquire();
    await budget.pause(4_000);
    await budget.acquire();
    expect(time.at() - start).toBe(4_000);
  });

  test('observe applies headers: remaining 0 waits for the reset', async () => {
    const time = fakeTime();
    const start = time.at();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    await budget.observe({ used: 1000, remaining: 0, resetSeconds: 42 });
    await budget.acquire();
    expect(time.at() - start).toBe(42_000);
  });

  test('options override the defaults', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
      options: { limit: 10, utilisation: 1 },
    });
    expect(budget.options).toEqual({ limit: 10, windowMs: WINDOW, utilisation: 1 });
    const sends: number[] = [];
    for (let i = 0; i < 25; i++) {
      await budget.acquire();
      sends.push(time.at());
    }
    expect(busiestWindow(sends, WINDOW)).toBeLessThanOrEqual(10);
  });

  test('an aborted signal stops the wait', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    await budget.acquire();
    const aborted = new AbortController();
    aborted.abort(new Error('stopping'));
    await expect(budget.acquire(aborted.signal)).rejects.toThrow('stopping');
  });

  test('state before any request is a fresh budget', async () => {
    const time = fakeTime();
    const budget = createRequestBudget({
      store: memoryBudgetStore(),
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(await budget.state()).toEqual(initialBudget(time.at(), DEFAULT_BUDGET));
  });
});

describe('reserveSlot properties', () => {
  // Reddit's window for one client id holds 1,000 requests or fewer (600 in older sessions).
  const headers = fc
    .record({
      limit: fc.integer({ min: 1, max: 1000 }),
      usedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      resetSeconds: fc.integer({ min: 0, max: 600 }),
    })
    .map(({ limit, usedShare, resetSeconds }) => {
      const used = Math.floor(limit * usedShare);
      return { used, remaining: limit - used, resetSeconds };
    });
  const action: fc.Arbitrary<Action> = fc.oneof(
    { weight: 12, arbitrary: fc.constant<Action>({ type: 'reserve' }) },
    { weight: 3, arbitrary: headers.map((h): Action => ({ type: 'observe', headers: h })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 30_000 }).map((ms): Action => ({ type: 'pause', ms })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 120_000 }).map((ms): Action => ({ type: 'idle', ms })),
    },
  );

  test('for any reservations and header observations, no 600 s window holds over 970 sends and no 60 s window over 110', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 0, max: 2e12 }),
        (actions, start) => {
          const { sends } = simulate(actions, DEFAULT_BUDGET, start);
          for (const gap of gaps(sends)) expect(gap).toBeGreaterThanOrEqual(0);
          expect(busiestWindow(sends, WINDOW)).toBeLessThanOrEqual(970);
          expect(busiestWindow(sends, MINUTE)).toBeLessThanOrEqual(110);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('used never goes down within one window, whatever order the answers arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            used: fc.integer({ min: 0, max: 1000 }),
            drift: fc.integer({ min: -4_000, max: 4_000 }),
          }),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        (answers) => {
          let state = initialBudget(0, DEFAULT_BUDGET);
          state = observeHeaders(state, 0, { used: 0, remaining: 1000, resetSeconds: 300 });
          for (const { used, drift } of answers) {
            const before = state.used;
            // Each answer names the same window end, give or take the seconds rounding.
            state = observeHeaders(state, 1000, {
              used,
              remaining: 1000 - used,
              resetSeconds: (299_000 + drift / 4) / 1000,
            });
            expect(state.used).toBeGreaterThanOrEqual(before);
          }
        },
      ),
    );
  });
});
