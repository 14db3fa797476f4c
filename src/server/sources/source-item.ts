import type { SourceName } from '@shared/sources';

/**
 * One post or comment of any site, in the shape matching, exclusions, relevance and storage
 * take. A source maps its site's items to this and to nothing else.
 */
export type SourceItem = {
  source: SourceName;
  /** The site's own id of the item (`t3_…`, an HN number, a Lobsters short id, an at:// URI). */
  id: string;
  kind: 'post' | 'comment';
  /** Where on the site it was posted: a subreddit, a Lobsters tag; '' where the site has none. */
  community: string;
  /** A post's title; for a comment, its post's. */
  title: string;
  body: string;
  /** Absolute URL on the item's own site. */
  permalink: string;
  author: string;
  /** null where the site gives the item no score (HN comments, Bluesky). */
  score: number | null;
  commentCount: number;
  createdAt: Date;
  removed: boolean;
  nsfw: boolean;
  /**
   * The thread it belongs to, as the site names its first post: a post's own id, a comment's
   * post (Reddit `t3_…`, an HN story's number, a Lobsters story's short id, a Bluesky reply's
   * `reply.root` URI). Absent where the site did not say (an HN comment whose story was not
   * reached). Replies are told apart by it (DESIGN §9).
   */
  threadId?: string;
  /** A comment's parent (a post or a comment) where the site names it: replies to replies. */
  parentId?: string;
};

/** Longest body kept: a site may serve megabytes; nobody reads a mention that long. */
export const MAX_BODY_CHARS = 40_000;

/** Text fit for matching and PostgreSQL: no NUL, no bidi overrides, at most `max` characters. */
export function cleanText(text: string, max = MAX_BODY_CHARS): string {
  // Bidi override and isolate controls can make a card read backwards; they carry no words.
  // eslint-disable-next-line no-control-regex -- dropping NUL is the point
  const cleaned = text.replace(/[\u0000\u202A-\u202E\u2066-\u2069]/g, '');
  return cleaned.length > max ? cleaned.slice(0, max) : cleaned;
}
