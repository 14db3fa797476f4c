import type { Preview } from '@shared/api/preview';
import { describeVolume, rounded, type VolumeEstimate } from '@shared/volume-estimate';

export const count = (n: number) => n.toLocaleString('en-US');

export const span = (minutes: number) =>
  minutes < 1.5 ? 'the last minute' : `the last ${Math.round(minutes)} minutes`;

/** The last hour's window holds nothing at all (Earshot reads Reddit once a keyword is saved). */
const readNothing = (preview: Preview) => preview.basis === 'window' && preview.items === 0;

/**
 * The estimate in the words the dialog, the diagnostic page and the dashboard share
 * (src/shared/volume-estimate.ts), or what little Earshot can say before it has one.
 */
export function headline(preview: Preview): string {
  if (preview.estimate) return describeVolume(preview.estimate);
  if (readNothing(preview)) return 'No estimate yet';
  return `${count(preview.matches)} match${preview.matches === 1 ? '' : 'es'} so far`;
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
  if (preview.estimate === null && !readNothing(preview)) {
    lines.push('Too early to say how many a day: Earshot started reading only minutes ago.');
  }
  return lines;
}

/**
 * How the estimate compares with a monthly mention limit (Free's 50); null while there are too
 * few matches to tell. A range is held to its low end ("at least") and its high end (fits).
 */
export function planLine(estimate: VolumeEstimate, limit: number): string | null {
  if (estimate.confidence === 'too-few') return null;
  const steady = estimate.confidence === 'steady';
  if ((steady ? estimate.perDay : estimate.high) * 30 <= limit) {
    return `That fits your plan's ${count(limit)} mentions a month.`;
  }
  const perDay = steady ? estimate.perDay : estimate.low;
  const month = rounded(perDay * 30);
  if (month <= limit) return `It may not fit your plan's ${count(limit)} mentions a month.`;
  const days = Math.max(1, Math.floor(limit / perDay));
  const within = days === 1 ? 'a day' : `${steady ? 'about' : 'at most'} ${days} days`;
  return `${steady ? 'About' : 'At least'} ${count(month)} a month: your plan's ${count(limit)} would run out in ${within}. Narrow the keyword, or upgrade.`;
}
