import { describe, expect, test } from 'vitest';
import type { Preview } from '@shared/api/preview';
import { estimateVolume, type VolumeEstimate } from '@shared/volume-estimate';
import { detailLines, headline, planLine, span } from './preview-text';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A preview of the last hour's window with `matches`, and the estimate the server would send. */
const preview = (
  matches: number,
  estimate: VolumeEstimate | null = estimateVolume(matches, HOUR),
  week: Preview['week'] = null,
): Preview => ({
  basis: 'window',
  matches,
  items: 1000,
  minutes: 60,
  perDay: estimate && estimate.perDay,
  estimate,
  complete: true,
  examples: [],
  week,
});

describe('preview texts', () => {
  test.each([
    [preview(1, null), '1 match so far'],
    [preview(3, null), '3 matches so far'],
    [{ ...preview(0, null), items: 0 }, 'No estimate yet'],
    // A handful in the hour: said as a handful, never "about 24 a day".
    [preview(1), 'Too few to tell yet: 1 match so far'],
    [preview(5), 'Roughly 47–250 a day (from 5 matches)'],
    [preview(40), 'About 960 a day'],
    [preview(0, estimateVolume(0, 7 * DAY)), 'None lately: fewer than one a day'],
    [preview(2, estimateVolume(35, 7 * DAY)), 'About 5 a day'],
  ])('headline %#', (p, expected) => expect(headline(p)).toBe(expected));

  test.each([
    [estimateVolume(30, 30 * DAY)!, "That fits your plan's 50 mentions a month."],
    [
      estimateVolume(60, 30 * DAY)!,
      "About 60 a month: your plan's 50 would run out in about 25 days. Narrow the keyword, or upgrade.",
    ],
    [
      estimateVolume(120, DAY)!,
      "About 3,600 a month: your plan's 50 would run out in a day. Narrow the keyword, or upgrade.",
    ],
    // A range: held to its low end, or unsure.
    [
      estimateVolume(5, HOUR / 6)!,
      "At least 8,500 a month: your plan's 50 would run out in a day. Narrow the keyword, or upgrade.",
    ],
    [estimateVolume(6, 7 * DAY)!, "It may not fit your plan's 50 mentions a month."],
    [estimateVolume(2, HOUR)!, null],
  ])('planLine %#', (estimate, expected) => expect(planLine(estimate, 50)).toBe(expected));

  test('detail lines say where the figures come from', () => {
    expect(detailLines({ ...preview(2, null), minutes: 0.4 })).toEqual([
      '2 of the 1,000 posts and comments Earshot read in the last minute.',
      'Too early to say how many a day: Earshot started reading only minutes ago.',
    ]);
    expect(
      detailLines(
        preview(2, estimateVolume(35, 7 * DAY), { matches: 35, capped: false, perDay: 5 }),
      ),
    ).toEqual([
      '2 of the 1,000 posts and comments Earshot read in the last 60 minutes.',
      "Reddit's search of the past week: 35 matches.",
    ]);
    expect(
      detailLines({
        ...preview(0, estimateVolume(100, DAY / 4), { matches: 100, capped: true, perDay: 400 }),
        basis: 'week',
      }),
    ).toEqual([
      "Reddit's search of the past week: its newest 100 matches span less than the week.",
    ]);
    // A fresh install: nothing read yet, and no answer from Reddit's search.
    expect(detailLines({ ...preview(0, null), items: 0, minutes: 0.2 })).toEqual([
      'Earshot has read no posts or comments lately to estimate from: it reads Reddit once a keyword is saved.',
    ]);
    // Nothing read, but Reddit's search answered: the week gives the estimate.
    const weekOnly = {
      ...preview(0, estimateVolume(0, 7 * DAY), { matches: 0, capped: false, perDay: 0 }),
      items: 0,
    };
    expect(detailLines(weekOnly)).toEqual([
      'Earshot has read no posts or comments lately to estimate from: it reads Reddit once a keyword is saved.',
      "Reddit's search of the past week: 0 matches.",
    ]);
    expect(headline(weekOnly)).toBe('None lately: fewer than one a day');
  });

  test.each([
    [0.2, 'the last minute'],
    [1.2, 'the last minute'],
    [42.4, 'the last 42 minutes'],
  ])('span(%d)', (minutes, expected) => expect(span(minutes)).toBe(expected));
});
