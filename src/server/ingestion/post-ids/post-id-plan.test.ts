import { describe, expect, test } from 'vitest';
import { afterBatch, nextRecheckAt, POST_IDS, postFullname, postIdNumber } from './post-id-plan';

const range = (from: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => from + i * step);

describe('postIdNumber', () => {
  test.each([
    ['t3_1x00000', parseInt('1x00000', 36)],
    ['t3_a', 10],
    ['t1_1x00000', undefined],
    ['t3_', undefined],
    ['t3_ABC', undefined],
    ['t3_1x0-000', undefined],
    ['t3_12345678901', undefined],
  ])('%s', (fullname, expected) => {
    expect(postIdNumber(fullname)).toBe(expected);
  });

  test('round-trips through postFullname', () => {
    for (const id of [1, 35, 36, 4_164_000_123, 78_364_164_095]) {
      expect(postIdNumber(postFullname(id))).toBe(id);
    }
  });
});

describe('nextRecheckAt', () => {
  test('rises through the delays, then stops', () => {
    const times = POST_IDS.recheckDelaysMs.map((_, checks) => nextRecheckAt(checks, 0));
    expect(times.map((t) => t?.getTime())).toEqual([...POST_IDS.recheckDelaysMs]);
    expect(nextRecheckAt(POST_IDS.recheckDelaysMs.length, 0)).toBeNull();
  });
});

describe('afterBatch', () => {
  test('a batch with answers reads on one by one after its last id', () => {
    const asked = range(1000, 100);
    expect(afterBatch({ asked, answered: new Set([1003]), stride: 1 })).toEqual({
      next: 1100,
      stride: 1,
      gapIds: 0,
    });
  });

  test('unanswered ids with seen ones between are not a gap (private posts, deleted ones)', () => {
    const asked = range(1000, 100, 2);
    expect(afterBatch({ asked, answered: new Set(), stride: 1 })).toEqual({
      next: 1199,
      stride: 1,
      gapIds: 0,
    });
  });

  test('a short unanswered batch at the cursor is not a gap', () => {
    const asked = range(1000, 40);
    expect(afterBatch({ asked, answered: new Set(), stride: 1 }).stride).toBe(1);
  });

  test('a whole batch of consecutive unanswered ids starts probing ahead', () => {
    const asked = range(1000, 100);
    expect(afterBatch({ asked, answered: new Set(), stride: 1 })).toEqual({
      next: 1100,
      stride: 2,
      gapIds: 100,
    });
  });

  test('probing doubles its stride up to the limit while nothing answers', () => {
    const asked = range(1100, 100, 2);
    expect(afterBatch({ asked, answered: new Set(), stride: 2 })).toEqual({
      next: 1299,
      stride: 4,
      gapIds: 199,
    });
    const far = range(5000, 100, POST_IDS.maxStride);
    expect(afterBatch({ asked: far, answered: new Set(), stride: POST_IDS.maxStride }).stride).toBe(
      POST_IDS.maxStride,
    );
  });

  test('an answer while probing goes back to just after the last unanswered probe', () => {
    const asked = range(1100, 100, 8);
    const answered = new Set([asked[10], asked[12]]);
    expect(afterBatch({ asked, answered, stride: 8 })).toEqual({
      next: asked[9] + 1,
      stride: 1,
      gapIds: asked[9] + 1 - 1100,
    });
  });

  test('probing that reaches the end of its range reads its last 200 ids densely, without probing again', () => {
    const asked = range(1100, 30, 8);
    expect(afterBatch({ asked, answered: new Set(), stride: 8, rangeEnd: 1340 })).toEqual({
      next: 1141,
      stride: 1,
      gapIds: 41,
      denseUntil: 1340,
    });
    const short = range(1100, 10, 2);
    expect(afterBatch({ asked: short, answered: new Set(), stride: 2, rangeEnd: 1120 })).toEqual({
      next: 1100,
      stride: 1,
      gapIds: 0,
      denseUntil: 1120,
    });
    // Up to that end, a batch of unanswered ids starts no probing.
    const dense = range(1141, 100);
    expect(afterBatch({ asked: dense, answered: new Set(), stride: 1, dense: true })).toEqual({
      next: 1241,
      stride: 1,
      gapIds: 0,
    });
  });

  test('an answer at the first probe reads densely from there', () => {
    const asked = range(1100, 100, 8);
    expect(afterBatch({ asked, answered: new Set([1100]), stride: 8 })).toEqual({
      next: 1100,
      stride: 1,
      gapIds: 0,
    });
  });

  test('every id after a gap of any length is asked for, in few requests', () => {
    // Ids exist below 2000 and from `end` on: each must be asked for, the gap costing about
    // log2 of its length in requests.
    for (const end of [2001, 2100, 2357, 9000, 60_000]) {
      const exists = (id: number) => id < 2000 || id >= end;
      let next = 1900;
      let stride = 1;
      let requests = 0;
      const asked = new Set<number>();
      while (next < end + 300) {
        const batch = range(next, POST_IDS.batch, stride);
        for (const id of batch) asked.add(id);
        ({ next, stride } = afterBatch({
          asked: batch,
          answered: new Set(batch.filter(exists)),
          stride,
        }));
        requests++;
      }
      const existing = [...range(1900, 100), ...range(end, 300)];
      expect(existing.filter((id) => !asked.has(id))).toEqual([]);
      expect(requests).toBeLessThanOrEqual(8 + Math.ceil(Math.log2((end - 2000) / 100 + 1)) * 2);
    }
  });
});
