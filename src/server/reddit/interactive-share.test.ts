import { describe, expect, test } from 'vitest';
import { DEFAULT_BUDGET, initialBudget, reserveSlot, type BudgetState } from './budget';
import { interactivePerMinute, tryReserveInteractive } from './interactive-share';

const options = DEFAULT_BUDGET;
const T0 = 1_800_000_000_000;

describe('the interactive share', () => {
  test('is a fifth of the budget: 20 requests a minute of 1,000 per 600 s', () => {
    expect(interactivePerMinute(initialBudget(T0, options), options)).toBe(20);
  });

  test('one user alone may take the whole share, then is told to wait for the next minute', () => {
    let state = initialBudget(T0, options);
    let now = T0;
    const taken = [];
    for (let i = 0; i < 25; i++) {
      const tried = tryReserveInteractive(state, now, options, { user: '1', maxWaitMs: 15_000 });
      state = tried.state;
      taken.push(tried.ok);
      if (!tried.ok)
        expect(tried).toMatchObject({ reason: 'user', retryAfterMs: T0 + 60_000 - now });
      now += 1_000;
    }
    expect(taken.filter(Boolean)).toHaveLength(20);
    // A minute after the first, the share is there again.
    const next = tryReserveInteractive(state, T0 + 60_000, options, {
      user: '1',
      maxWaitMs: 15_000,
    });
    expect(next.ok).toBe(true);
  });

  test('8 users hammering for a minute beside the listings: at most 20 in all, a fair part each, and the listings keep their pace', () => {
    let state: BudgetState = initialBudget(T0, options);
    const perUser = new Map<string, number>();
    let live = 0;
    let liveNextAt = T0;
    let longestLiveWait = 0;
    for (let now = T0; now < T0 + 60_000; now += 100) {
      // The listings ask for their next slot as soon as the last one went.
      if (now >= liveNextAt) {
        const reserved = reserveSlot(state, now, options);
        state = reserved.state;
        longestLiveWait = Math.max(longestLiveWait, reserved.sendAt - now);
        liveNextAt = reserved.sendAt;
        live++;
      }
      for (let user = 1; user <= 8; user++) {
        const tried = tryReserveInteractive(state, now, options, {
          user: String(user),
          maxWaitMs: 2_000,
        });
        state = tried.state;
        if (tried.ok) perUser.set(String(user), (perUser.get(String(user)) ?? 0) + 1);
      }
    }
    const interactive = [...perUser.values()].reduce((a, b) => a + b, 0);
    expect(interactive).toBeLessThanOrEqual(20);
    expect(perUser.size).toBe(8);
    // The first asker had the share to itself for a moment; everyone else got an equal part.
    for (const [user, count] of perUser) if (user !== '1') expect(count).toBeLessThanOrEqual(3);
    // ~97 slots a minute at 1,000 per 600 s: the listings got the rest, without long waits.
    expect(live + interactive).toBeLessThanOrEqual(98);
    expect(live).toBeGreaterThanOrEqual(75);
    // A read waits at most for the short queue users may join, plus its own slot.
    expect(longestLiveWait).toBeLessThanOrEqual(2_000 + 620);
  });
});
