import { describe, expect, test } from 'vitest';
import { steadyOrder } from './steady-order';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('steadyOrder', () => {
  test.each([
    ['nothing seen yet: the sorted order', [], [3, 1, 2], [3, 1, 2]],
    ['an edited row moved to the front by the sort stays put', [1, 2, 3], [2, 1, 3], [1, 2, 3]],
    ['a new row goes first', [1, 2], [2, 9, 1], [9, 1, 2]],
    ['a deleted row drops out', [1, 2, 3], [3, 1], [1, 3]],
    ['all gone', [1, 2], [], []],
  ])('%s', (_, seen, sorted, expected) => {
    expect(ids(steadyOrder(seen, rows(...sorted)))).toEqual(expected);
  });

  test('keeps the new objects, not the seen ones', () => {
    const fresh = [{ id: 1, name: 'new' }];
    expect(steadyOrder([1], fresh)[0]).toBe(fresh[0]);
  });
});
