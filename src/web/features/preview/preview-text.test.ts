import { describe, expect, test } from 'vitest';
import type { Preview } from '@shared/api/preview';
import { detailLines, headline, planLine, span } from './preview-text';

const preview = (
  matches: number,
  perDay: number | null,
  week: Preview['week'] = null,
): Preview => ({
  basis: 'window',
  matches,
  items: 1000,
  minutes: 60,
  perDay,
  complete: true,
  examples: [],
  week,
});

describe('preview texts', () => {
  test.each([
    [preview(1, null), '1 match so far'],
    [preview(3, null), '3 matches so far'],
    [preview(0, 0), 'None lately: probably fewer than one a day'],
    [{ ...preview(0, null), items: 0 }, 'No estimate yet'],
    // The week's search found none, but the first minute already has one.
    [preview(1, null, { matches: 0, capped: false, perDay: 0 }), '1 match so far'],
    [preview(2, null, { matches: 35, capped: false, perDay: 5 }), 'About 5 a day'],
    [preview(40, 960), 'About 960 a day'],
    [preview(0, 0.4), 'About 3 a week'],
    [preview(0, 2.6), 'About 3 a day'],
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

  test('detail lines say where the figures come from', () => {
    expect(detailLines({ ...preview(2, null), minutes: 0.4 })).toEqual([
      '2 of the 1,000 posts and comments Earshot read in the last minute.',
      'Too early to say how many a day: Earshot started reading only minutes ago.',
    ]);
    expect(detailLines(preview(2, null, { matches: 35, capped: false, perDay: 5 }))).toEqual([
      '2 of the 1,000 posts and comments Earshot read in the last 60 minutes.',
      "Reddit's search of the past week: 35 matches.",
    ]);
    expect(
      detailLines({
        ...preview(0, null, { matches: 100, capped: true, perDay: 900 }),
        basis: 'week',
      }),
    ).toEqual([
      "Reddit's search of the past week: its newest 100 matches span less than the week.",
    ]);
    // A fresh install: nothing read yet, and no answer from Reddit's search.
    expect(detailLines({ ...preview(0, null), items: 0, minutes: 0.2 })).toEqual([
      'Earshot has read no posts or comments lately to estimate from: it reads Reddit once a keyword is saved.',
    ]);
    // Nothing read, but Reddit's search answered: the week gives the rate.
    const weekOnly = { ...preview(0, null, { matches: 0, capped: false, perDay: 0 }), items: 0 };
    expect(detailLines(weekOnly)).toEqual([
      'Earshot has read no posts or comments lately to estimate from: it reads Reddit once a keyword is saved.',
      "Reddit's search of the past week: 0 matches.",
    ]);
    expect(headline(weekOnly)).toBe('None lately: probably fewer than one a day');
  });

  test.each([
    [0.2, 'the last minute'],
    [1.2, 'the last minute'],
    [42.4, 'the last 42 minutes'],
  ])('span(%d)', (minutes, expected) => expect(span(minutes)).toBe(expected));
});
