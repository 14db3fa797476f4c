import type { Analytics } from '@shared/api/analytics';
import { cleanRedditText } from '@shared/reddit-content';
import { authorName, SOURCE_LABELS, type SourceName } from '@shared/sources';

// The weekly report's words for the Analytics page's figures, worded as that page's cards word
// them (the words of the figures themselves are shared: src/shared/analytics-words.ts). Pure.

const thousands = new Intl.NumberFormat('en-US');

/** "1 mention", "1,204 mentions". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${thousands.format(n)} ${n === 1 ? one : many}`;

export const count = (n: number) => thousands.format(n);

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

/** "Nov 16 – Nov 22, 2026" for two local days (YYYY-MM-DD); the year on both across a new year. */
export function formatSpan(from: string, to: string): string {
  const [start, end] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const startText = dayFormat.format(start) + (sameYear ? '' : `, ${start.getUTCFullYear()}`);
  return `${startText} – ${dayFormat.format(end)}, ${end.getUTCFullYear()}`;
}

/** Text from a site or a user on one line: invisibles gone, whitespace runs collapsed. */
export const oneLine = (text: string) => cleanRedditText(text).replace(/\s+/g, ' ').trim();

export interface Share {
  keyword: string;
  mentions: number;
  /** Of all keywords' mentions (an item of two keywords counts for each): 0 to 1. */
  share: number;
}

/** Each keyword's mentions over the week and its share of them all, most first. */
export function shareOfVoice(perDay: Analytics['perDay']): Share[] {
  const byAlert = new Map<number, { keyword: string; mentions: number }>();
  for (const row of perDay) {
    const entry = byAlert.get(row.alertId) ?? { keyword: row.keyword, mentions: 0 };
    entry.mentions += row.mentions;
    byAlert.set(row.alertId, entry);
  }
  const total = [...byAlert.values()].reduce((sum, e) => sum + e.mentions, 0);
  return [...byAlert.values()]
    .map((e) => ({ ...e, share: total === 0 ? 0 : e.mentions / total }))
    .sort((a, b) => b.mentions - a.mentions || a.keyword.localeCompare(b.keyword));
}

/** A community as its site names it: r/SaaS on Reddit, "Lobsters · rust" elsewhere. */
export const communityLabel = (row: { source: SourceName; community: string }) =>
  row.source === 'reddit'
    ? `r/${oneLine(row.community)}`
    : `${SOURCE_LABELS[row.source]} · ${oneLine(row.community)}`;

/** An author as the site writes names, with the site when it is not Reddit. */
export const authorLabel = (row: { source: SourceName; author: string }) => {
  const name = authorName({ source: row.source, author: oneLine(row.author) });
  return row.source === 'reddit' ? name : `${name} (${SOURCE_LABELS[row.source]})`;
};
