/**
 * The discussion sites Earshot listens to (DESIGN.md §6): their names in the API and the query
 * language, and how a card names them. Shared by the server, the web app and the query parser.
 */
export const SOURCE_NAMES = ['reddit', 'hackernews', 'lobsters', 'bluesky'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

export const SOURCE_LABELS: Record<SourceName, string> = {
  reddit: 'Reddit',
  hackernews: 'Hacker News',
  lobsters: 'Lobsters',
  bluesky: 'Bluesky',
};

/** Other spellings a user may write (`source:hn`); lower-case. */
const ALIASES: Record<string, SourceName> = { hn: 'hackernews', 'hacker-news': 'hackernews' };

/** The source a name denotes, case-insensitively and by alias; undefined for none. */
export function readSourceName(name: string): SourceName | undefined {
  const lower = name.trim().toLowerCase();
  if ((SOURCE_NAMES as readonly string[]).includes(lower)) return lower as SourceName;
  return ALIASES[lower];
}

/** The author as the site writes names: u/name on Reddit, @handle on Bluesky. */
export function authorName(item: { source: SourceName; author: string }) {
  if (item.source === 'reddit') return `u/${item.author}`;
  return item.source === 'bluesky' ? `@${item.author}` : item.author;
}

/** Whether the item has a score of its own: not on Bluesky, nor a Hacker News comment. */
export const hasScore = (item: { source: SourceName; isComment: boolean }) =>
  item.source !== 'bluesky' && !(item.source === 'hackernews' && item.isComment);

/**
 * The sources a new keyword listens to when it does not say: every enabled one, or Reddit
 * alone when the keyword is limited to subreddits (DESIGN.md §6).
 */
export function defaultSources(enabled: readonly SourceName[], subreddits: string | null) {
  if (subreddits && subreddits.trim() !== '')
    return enabled.includes('reddit') ? (['reddit'] as SourceName[]) : [...enabled];
  return [...enabled];
}

/**
 * Where a mention was posted, as a card names it: "r/SaaS", "Hacker News", "Lobsters · rust",
 * "Bluesky · @alice.bsky.social". `community` is a Lobsters story's first tag.
 */
export function sourcePlace(item: {
  source: SourceName;
  subreddit: string;
  community: string;
  author: string;
}) {
  switch (item.source) {
    case 'reddit':
      return `r/${item.subreddit}`;
    case 'hackernews':
      return SOURCE_LABELS.hackernews;
    case 'lobsters':
      return item.community ? `Lobsters · ${item.community}` : 'Lobsters';
    case 'bluesky':
      return `Bluesky · @${item.author}`;
  }
}
