import { describe, expect, test } from 'vitest';
import { byUrgency, moreLabel, type PageNotice } from './notice-area';

const notice = (id: string, urgency: PageNotice['urgency']): PageNotice => ({
  id,
  urgency,
  element: null,
});

describe('the notice area', () => {
  test('puts the most urgent first, keeps the given order within one urgency, drops nulls', () => {
    const sorted = byUrgency([
      notice('verify', 'action'),
      null,
      notice('pace', 'advice'),
      notice('quota', 'blocking'),
      undefined,
      notice('paused-keywords', 'blocking'),
      notice('found', 'result'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual([
      'found',
      'quota',
      'paused-keywords',
      'verify',
      'pace',
    ]);
  });

  test.each([
    [1, '1 more notice'],
    [2, '2 more notices'],
  ])('folds %i behind "%s"', (count, label) => {
    expect(moreLabel(count)).toBe(label);
  });
});
