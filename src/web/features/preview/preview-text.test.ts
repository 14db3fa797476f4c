import { describe, expect, test } from 'vitest';
import { headline, planLine, span } from './preview-text';

const preview = (matches: number, perDay: number | null) => ({
  basis: 'window' as const,
  matches,
  items: 1000,
  minutes: 60,
  perDay,
  complete: true,
  examples: [],
});

describe('preview texts', () => {
  test.each([
    [preview(1, null), '1 match so far'],
    [preview(3, null), '3 matches so far'],
    [preview(0, 0), 'None in the last hour: probably fewer than one a day'],
    [preview(40, 960), 'About 960 a day'],
    [preview(500, 12000), 'About 12,000 a day'],
  ])('headline %#', (p, expected) => expect(headline(p)).toBe(expected));

  test.each([
    [1, 50, "That fits your plan's 50 mentions a month."],
    [
      2,
      50,
      "About 60 a month: your plan's 50 would run out in about 25 days. Narrow the keyword, or upgrade.",
    ],
    [
      120,
      50,
      "About 3,600 a month: your plan's 50 would run out in a day. Narrow the keyword, or upgrade.",
    ],
  ])('planLine(%i a day, %i a month)', (perDay, limit, expected) =>
    expect(planLine(perDay, limit)).toBe(expected),
  );

  test.each([
    [0.2, 'the last minute'],
    [1.2, 'the last minute'],
    [42.4, 'the last 42 minutes'],
  ])('span(%d)', (minutes, expected) => expect(span(minutes)).toBe(expected));
});
