import type { Preview } from '@shared/api/preview';

export const count = (n: number) => n.toLocaleString('en-US');

export const span = (minutes: number) =>
  minutes < 1.5 ? 'the last minute' : `the last ${Math.round(minutes)} minutes`;

/** "About 40 a day", or what little Earshot can say yet. */
export function headline(preview: Preview): string {
  if (preview.perDay === null) {
    return `${count(preview.matches)} match${preview.matches === 1 ? '' : 'es'} so far`;
  }
  if (preview.perDay === 0) return 'None in the last hour: probably fewer than one a day';
  return `About ${count(preview.perDay)} a day`;
}

/** How the rate compares with a monthly mention limit (Free's 50). */
export function planLine(perDay: number, limit: number): string {
  const month = perDay * 30;
  if (month <= limit) return `That fits your plan's ${count(limit)} mentions a month.`;
  const days = Math.max(1, Math.floor(limit / perDay));
  return `About ${count(month)} a month: your plan's ${count(limit)} would run out in ${days === 1 ? 'a day' : `about ${days} days`}. Narrow the keyword, or upgrade.`;
}
