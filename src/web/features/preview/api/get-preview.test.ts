import type { Preview } from '@shared/api/preview';
import { estimateVolume } from '@shared/volume-estimate';
import { describe, expect, test } from 'vitest';
import { isEarlyPreview } from './get-preview';

const answer = (over: Partial<Preview>): Preview => ({
  basis: 'window',
  matches: 3,
  items: 1000,
  minutes: 60,
  perDay: 72,
  estimate: estimateVolume(3, 3_600_000),
  complete: true,
  examples: [],
  week: null,
  ...over,
});

describe('an early preview answer (asked again within seconds)', () => {
  test.each([
    ['nothing read yet', answer({ items: 0, minutes: 0, perDay: null, estimate: null }), true],
    ['under two minutes read', answer({ minutes: 0.5, perDay: null, estimate: null }), true],
    [
      'under two minutes, with an estimate from the week',
      answer({ minutes: 0.5, perDay: null, week: { matches: 3, capped: false, perDay: 0.4 } }),
      true,
    ],
    ['an hour read', answer({}), false],
    ['an hour read, no match', answer({ matches: 0, perDay: 0, estimate: null }), false],
    ['the week only', answer({ basis: 'week', perDay: null }), false],
    ['no answer yet', undefined, false],
  ])('%s', (_, preview, early) => {
    expect(isEarlyPreview(preview)).toBe(early);
  });
});
