import type { Preview } from '@shared/api/preview';

export const count = (n: number) => n.toLocaleString('en-US');

export const span = (minutes: number) =>
  minutes < 1.5 ? 'the last minute' : `the last ${Math.round(minutes)} minutes`;

/**
 * Matches a day: the last hour's rate, else the past week's on Reddit's search, unless the
 * week found none while the hour already has some (Reddit's search misses many).
 */
export function dailyRate(preview: Preview): number | null {
  if (preview.perDay !== null) return preview.perDay;
  const week = preview.week?.perDay ?? null;
  return week === 0 && preview.matches > 0 ? null : week;
}

/** The last hour's window holds nothing at all (Earshot reads Reddit once a keyword is saved). */
const readNothing = (preview: Preview) => preview.basis === 'window' && preview.items === 0;

/** "About 40 a day", or what little Earshot can say yet. */
export function headline(preview: Preview): string {
  const rate = dailyRate(preview);
  if (rate === null) {
    if (readNothing(preview)) return 'No estimate yet';
    return `${count(preview.matches)} match${preview.matches === 1 ? '' : 'es'} so far`;
  }
  if (rate === 0) return 'None lately: probably fewer than one a day';
  if (rate < 1) return `About ${count(Math.max(1, Math.round(rate * 7)))} a week`;
  return `About ${count(Math.round(rate))} a day`;
}

/** Where the figures come from, in a sentence or two. */
export function detailLines(preview: Preview): string[] {
  const lines: string[] = [];
  if (readNothing(preview)) {
    lines.push(
      'Earshot has read no posts or comments lately to estimate from: it reads Reddit once a keyword is saved.',
    );
  } else if (preview.basis === 'window') {
    lines.push(
      `${count(preview.matches)} of the ${count(preview.items)} posts and comments Earshot read in ${span(preview.minutes)}${preview.complete ? '' : ' (the newest part: the search stopped at its time limit)'}.`,
    );
  }
  const { week } = preview;
  if (week) {
    lines.push(
      week.capped
        ? `Reddit's search of the past week: its newest ${count(week.matches)} matches span less than the week.`
        : `Reddit's search of the past week: ${count(week.matches)} match${week.matches === 1 ? '' : 'es'}.`,
    );
  }
  if (dailyRate(preview) === null && !readNothing(preview)) {
    lines.push('Too early to say how many a day: Earshot started reading only minutes ago.');
  }
  return lines;
}

/** How the rate compares with a monthly mention limit (Free's 50). */
export function planLine(perDay: number, limit: number): string {
  const month = Math.round(perDay * 30);
  if (month <= limit) return `That fits your plan's ${count(limit)} mentions a month.`;
  const days = Math.max(1, Math.floor(limit / perDay));
  return `About ${count(month)} a month: your plan's ${count(limit)} would run out in ${days === 1 ? 'a day' : `about ${days} days`}. Narrow the keyword, or upgrade.`;
}
