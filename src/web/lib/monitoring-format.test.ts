import { describe, expect, test } from 'vitest';
import { intervalLabel, caughtLabel, postIdsLabel } from './monitoring-format';

test.each([
  [1, '1 s'],
  [1.46, '1.5 s'],
  [9.94, '9.9 s'],
  [20.291, '20 s'],
  [119.4, '119 s'],
  [240, '4 min'],
  [1800, '30 min'],
])('a read interval of %s seconds reads "%s"', (seconds, label) => {
  expect(intervalLabel(seconds)).toBe(label);
});

describe('caughtLabel', () => {
  test.each([
    [{ live: 0, reread: 0, byId: 0 }, 'none yet'],
    [{ live: 992, reread: 8, byId: 0 }, '99.2% live · 0.8% re-read'],
    [{ live: 10, reread: 0, byId: 0 }, '100% live · 0% re-read'],
    [{ live: 980, reread: 10, byId: 10 }, '98.0% live · 1.0% re-read · 1.0% by id'],
  ])('%o', (caught, label) => {
    expect(caughtLabel(caught)).toBe(label);
  });
});

describe('postIdsLabel', () => {
  test.each([
    [
      { requestsLastHour: 1, found24h: 1, passedOver24h: 0, behindIds: 0 },
      'Posts by id: 1 request in the last hour · 1 post found that no listing showed (24 h)',
    ],
    [
      { requestsLastHour: 1204, found24h: 0, passedOver24h: 300, behindIds: 2500 },
      'Posts by id: 1,204 requests in the last hour · 0 posts found that no listing showed (24 h) · 2,500 ids still to check',
    ],
  ])('%o', (postIds, label) => {
    expect(postIdsLabel(postIds)).toBe(label);
  });
});
