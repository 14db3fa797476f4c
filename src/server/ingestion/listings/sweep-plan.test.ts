import { describe, expect, test } from 'vitest';
import { planSweeps, SWEEP, sweepShare } from './sweep-plan';

describe('the sweeps’ share of the budget', () => {
  test.each([
    // 97 requests a minute allowed: scenario (a) leaves room, (b) none.
    ['60+10/s', [3600, 600], 0.399],
    ['135+15/s', [8100, 900], 0],
    ['two quiet listings', [10, 5], SWEEP.maxShare],
  ])('%s', (_name, rates, expected) => {
    const listings = rates.map((itemsPerMinute, id) => ({ id, itemsPerMinute }));
    expect(sweepShare(listings, 97)).toBeCloseTo(expected, 2);
  });
});

describe('planning the sweeps', () => {
  test('a listing whose window spans less than a period is not swept; its pages go to the others', () => {
    // r/all comments at 60/s: 1,000 items span 16.7 s; posts at 10/s span 100 s.
    const plan = planSweeps(
      [
        { id: 1, itemsPerMinute: 3600 },
        { id: 2, itemsPerMinute: 600 },
      ],
      38,
    );
    expect(plan.has(1)).toBe(false);
    const posts = plan.get(2)!;
    expect(posts.pages).toBe(10);
    expect(posts.periodMs).toBe(SWEEP.minPeriodMs);
    expect(posts.checkedBackMs).toBe(100_000 - SWEEP.minPeriodMs);
  });

  test('quiet listings are read back an hour in few pages, with one period for all', () => {
    const plan = planSweeps(
      [
        { id: 1, itemsPerMinute: 30 },
        { id: 2, itemsPerMinute: 2 },
      ],
      6,
    );
    // 30/min: the window spans 33 min, 10 pages; 2/min: an hour is 120 items, 2 pages.
    expect(plan.get(1)).toMatchObject({ pages: 10, periodMs: 120_000 });
    expect(plan.get(2)).toMatchObject({ pages: 2, periodMs: 120_000 });
    expect(plan.get(2)!.checkedBackMs).toBe(SWEEP.maxHorizonMs - 120_000);
    expect(Math.round(plan.get(1)!.checkedBackMs / 1000)).toBe(1000 * 2 - 120);
  });

  test('no budget, no sweep; too little for all, the costliest goes first', () => {
    expect(planSweeps([{ id: 1, itemsPerMinute: 30 }], 0).size).toBe(0);
    const plan = planSweeps(
      [
        { id: 1, itemsPerMinute: 30 },
        { id: 2, itemsPerMinute: 2 },
      ],
      1,
    );
    expect([...plan.keys()]).toEqual([2]);
    expect(plan.get(2)!.periodMs).toBe(120_000);
  });
});
