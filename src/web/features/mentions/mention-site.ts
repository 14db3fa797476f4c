import type { Mention } from '@shared/api/mentions';
import { cleanRedditText, redditPermalink } from '@shared/reddit-content';
import {
  authorName as siteAuthorName,
  hasScore,
  SOURCE_LABELS,
  sourcePlace,
  type SourceName,
} from '@shared/sources';

type SiteFields = Pick<
  Mention,
  'source' | 'subreddit' | 'community' | 'author' | 'permalink' | 'isComment'
>;

// Where each open site's items live: a stored link is shown only on its own site's host.
const SITE_ORIGINS: Record<Exclude<SourceName, 'reddit'>, string> = {
  hackernews: 'https://news.ycombinator.com',
  lobsters: 'https://lobste.rs',
  bluesky: 'https://bsky.app',
};

/**
 * Where a mention was posted, as its card names it: "r/SaaS", "Hacker News", "Lobsters · rust",
 * "Bluesky · @alice.bsky.social" (sites' text cleaned of bidi controls like Reddit's).
 */
export function mentionPlace(mention: SiteFields): string {
  return sourcePlace({
    source: mention.source,
    subreddit: cleanRedditText(mention.subreddit),
    community: cleanRedditText(mention.community),
    author: cleanRedditText(mention.author),
  });
}

/** "Open on Reddit", "Open on Hacker News"... */
export const openOnLabel = (source: SourceName) => `Open on ${SOURCE_LABELS[source]}`;

/** How the author is written on the item's site (u/name, @handle), cleaned for display. */
export const authorName = (mention: Pick<Mention, 'source' | 'author'>): string =>
  siteAuthorName({ source: mention.source, author: cleanRedditText(mention.author) });

/**
 * Whether the item has a score worth showing: Bluesky gives none and Hacker News none to
 * comments, so a 0 there would read as a verdict the site never gave.
 */
export { hasScore };

/**
 * The card's link: on Reddit the stored permalink held to Reddit (rows stored before that rule
 * included); elsewhere an http(s) URL on the item's own site, or that site's front page.
 */
export function mentionHref(mention: SiteFields): string {
  if (mention.source === 'reddit')
    return redditPermalink(mention.permalink, `/r/${encodeURIComponent(mention.subreddit)}/`);
  const origin = SITE_ORIGINS[mention.source];
  try {
    const url = new URL(mention.permalink);
    if (url.origin === origin) return url.href;
  } catch {
    // Not a URL: the site's front page below.
  }
  return `${origin}/`;
}

/** The card's accessible name: "Comment in r/SaaS", "Post on Hacker News". */
export function mentionLabel(mention: SiteFields): string {
  const kind = mention.isComment ? 'Comment' : 'Post';
  const where = mention.source === 'reddit' ? 'in' : 'on';
  return `${kind} ${where} ${mentionPlace(mention)}`;
}
