import type { AlertIndex } from '../matching';
import type { RedditItem } from '../reddit';
import type { SourceItem } from '../sources';
import { redditSourceItem } from './reddit-source-item';
import type { ListingRow } from './listings/listing-repo';
import type { MatchedItem } from './store-mentions';

/** What a turn makes of the items of its pages: matches, rate samples, gap sizes. */

/** The turn's rate sample from a run of consecutive items: their count over their time span. */
export function sampleRate(result: { newItems: number; coveredMs: number }, items: RedditItem[]) {
  if (items.length < 2) return;
  const times = items.map((item) => item.createdAt.getTime());
  result.newItems = items.length - 1;
  // Timestamps have whole seconds: a page within one second spans at most one.
  result.coveredMs = Math.max(Math.max(...times) - Math.min(...times), 1000);
}

export function matchItems(index: AlertIndex, items: RedditItem[]): MatchedItem[] {
  return matchSourceItems(
    index,
    items.map((item) => redditSourceItem(item)),
  );
}

/**
 * Every alert's matches among items of any site. A removed item is matched on its title alone
 * (kept, as removed, when its title still matches); one with no title is passed over.
 */
export function matchSourceItems(index: AlertIndex, items: SourceItem[]): MatchedItem[] {
  const matches: MatchedItem[] = [];
  for (const item of items) {
    if (item.removed && item.title === '') continue;
    const found = index.match({
      source: item.source,
      id: item.id,
      kind: item.kind,
      subreddit: item.source === 'reddit' ? item.community : '',
      title: item.title,
      body: item.removed ? '' : item.body,
      score: item.score,
      author: item.author,
      nsfw: item.nsfw,
      permalink: item.permalink,
    });
    for (const match of found) {
      const alert = index.alert(match.alertId);
      // Under minScore: kept as a candidate for the score re-checks (store-mentions.ts).
      if (alert)
        matches.push({ alert, terms: match.terms, item, belowMinScore: match.belowMinScore });
    }
  }
  return matches;
}

/**
 * Whether the items' ids count up with their creation time, as Reddit's post ids do: for at least
 * 90% of neighbouring creation seconds, every id of the later second is above every id of the
 * earlier one. Random ids (Reddit's comments, from 2026) are not, and say nothing about how many
 * items lie between two of them. A burst within one or two seconds (timestamps are whole
 * seconds) cannot be judged by time: there the ids must run one way in the listing's order.
 */
export function idsAreSequential(items: readonly RedditItem[]) {
  const ids = items.map((item) => parseInt(item.fullname.slice(3), 36));
  if (ids.length < 3 || !ids.every(Number.isFinite)) return false;
  const bySecond = new Map<number, { low: number; high: number }>();
  items.forEach((item, i) => {
    const second = item.createdAt.getTime();
    const group = bySecond.get(second);
    if (!group) bySecond.set(second, { low: ids[i], high: ids[i] });
    else
      Object.assign(group, {
        low: Math.min(group.low, ids[i]),
        high: Math.max(group.high, ids[i]),
      });
  });
  const seconds = [...bySecond.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
  if (seconds.length >= 3) {
    let ordered = 0;
    for (let i = 1; i < seconds.length; i++) if (seconds[i].low > seconds[i - 1].high) ordered++;
    return ordered >= 0.9 * (seconds.length - 1);
  }
  let down = 0;
  for (let i = 1; i < ids.length; i++) if (ids[i] < ids[i - 1]) down++;
  return Math.max(down, ids.length - 1 - down) >= 0.9 * (ids.length - 1);
}

/**
 * How many items a gap holds. Reddit's base-36 ids count every item created site-wide (not all
 * of them shown in this listing), so the share of ids the reachable pages show, applied to the
 * ids between the cursor and the oldest reachable item, estimates the missed ones; without
 * usable ids (random ones among them), the listing's observed rate over the gap's time span.
 */
export function estimateMissed(
  listing: ListingRow,
  cursorFullname: string | null,
  reachable: RedditItem[],
  since: number,
  until: number,
) {
  const idOf = (fullname: string | null) => (fullname ? parseInt(fullname.slice(3), 36) : NaN);
  const ids = reachable.map((item) => idOf(item.fullname)).filter(Number.isFinite);
  const low = Math.min(...ids);
  const high = Math.max(...ids);
  const missedIds = low - idOf(cursorFullname) - 1;
  const usable = idsAreSequential(reachable) && ids.length > 1 && high > low;
  if (usable && Number.isFinite(missedIds) && missedIds >= 0) {
    return Math.round((missedIds * (ids.length - 1)) / (high - low));
  }
  return Math.max(1, Math.round((listing.itemsPerMinute * Math.max(until - since, 0)) / 60_000));
}

/** The creation time of the oldest item (Infinity for none). */
export const oldest = (items: RedditItem[]) =>
  items.reduce((min, item) => Math.min(min, item.createdAt.getTime()), Infinity);
