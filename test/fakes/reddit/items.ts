import { commentShape, escapeHtml, INFO_MISSING_KEYS, postShape } from './item-shapes';
import { spliceMembers, stringifyReddit } from './raw-json';
import type { ItemLogEntry, RedditKind } from './types';

/** One post or comment as the store keeps it: the few fields listings need, rendered on demand. */
export interface StoredItem {
  kind: RedditKind;
  id: string;
  fullname: string;
  subreddit: string;
  /** Lower-case subreddit name, the listing key. */
  subKey: string;
  subredditId: string;
  createdMs: number;
  /** Insertion order: the tie-break between items created in the same millisecond. */
  seq: number;
  /**
   * Listing order (then `rankSeq`): the creation time, except for a late item, which gets a key
   * between the two items it was inserted between (store.ts `insertLate`).
   */
  rankMs: number;
  rankSeq: number;
  /** A late item: when it entered the listings, and how many newer items r/all (else its
   * subreddit) held above it then. */
  insertedMs?: number;
  insertedDepth?: number;
  author: string;
  score: number;
  removed: boolean;
  /** Created but not shown yet (a late item): removed in /api/info, absent from the log. */
  held?: boolean;
  /** Never in a listing or search, only in /api/info. */
  unlisted?: boolean;
  permalink: string;
  // Posts
  title?: string;
  selftext?: string;
  url?: string;
  numComments?: number;
  // Comments
  body?: string;
  linkId?: string;
  parentId?: string;
  linkTitle?: string;
  linkAuthor?: string;
  linkUrl?: string;
  /** Recorded items: the data object's text exactly as recorded (created_utc re-stamped). */
  raw?: string;
  /** The score in `raw`, so a setScore is only spliced in when it changed. */
  rawScore?: number;
  /** Lower-case title + selftext for search, computed on first use. */
  searchText?: string;
}

/** Whether `a` is older than `b` in listing order (created time, then insertion order; a late
 * item where it was inserted). */
export function olderThan(a: StoredItem, b: StoredItem): boolean {
  return a.rankMs < b.rankMs || (a.rankMs === b.rankMs && a.rankSeq < b.rankSeq);
}

export type RenderMode = 'listing' | 'info';

/** The item's `data` object as JSON text. */
export function renderData(item: StoredItem, mode: RenderMode, post?: StoredItem): string {
  return item.raw !== undefined ? renderRecorded(item, mode) : renderGenerated(item, mode, post);
}

export function renderChild(item: StoredItem, mode: RenderMode, post?: StoredItem): string {
  return `{"kind":"${item.kind}","data":${renderData(item, mode, post)}}`;
}

function renderGenerated(item: StoredItem, mode: RenderMode, post?: StoredItem): string {
  const createdUtc = Math.floor(item.createdMs / 1000);
  const author = item.removed ? '[deleted]' : item.author;
  const authorFullname = item.removed ? undefined : authorFullnameOf(item.author);
  if (item.kind === 't3') {
    const selftext = item.removed ? '[removed]' : (item.selftext ?? '');
    return stringifyReddit(
      postShape({
        id: item.id,
        subreddit: item.subreddit,
        subredditId: item.subredditId,
        title: item.title ?? '',
        selftext,
        selftextHtml: selftext
          ? `<!-- SC_OFF --><div class="md"><p>${escapeHtml(selftext)}</p>\n</div><!-- SC_ON -->`
          : null,
        author,
        authorFullname,
        score: item.score,
        numComments: item.numComments ?? 0,
        createdUtc,
        isSelf: item.url === undefined,
        domain: item.url === undefined ? `self.${item.subreddit}` : domainOf(item.url),
        url: item.url ?? `https://www.reddit.com${item.permalink}`,
        permalink: item.permalink,
      }),
    );
  }
  const linkPermalink = item.permalink.slice(0, item.permalink.length - item.id.length - 1);
  return stringifyReddit(
    commentShape(
      {
        id: item.id,
        subreddit: item.subreddit,
        subredditId: item.subredditId,
        body: item.removed ? '[removed]' : (item.body ?? ''),
        author,
        authorFullname,
        score: item.score,
        createdUtc,
        linkId: item.linkId ?? '',
        parentId: item.parentId ?? item.linkId ?? '',
        linkTitle: post?.title ?? item.linkTitle ?? '',
        linkAuthor: post?.author ?? item.linkAuthor ?? '[deleted]',
        linkPermalink: `https://www.reddit.com${linkPermalink}`,
        linkUrl: item.linkUrl ?? `https://www.reddit.com${linkPermalink}`,
        numComments: post?.numComments ?? 1,
        permalink: item.permalink,
        isSubmitter: post !== undefined && post.author === item.author,
      },
      mode === 'info',
    ),
  );
}

function renderRecorded(item: StoredItem, mode: RenderMode): string {
  const edits: Record<string, string | undefined> = {};
  if (item.score !== item.rawScore) edits.score = edits.ups = String(item.score);
  if (item.removed) {
    edits.author = '"[deleted]"';
    edits.author_fullname = undefined;
    edits[item.kind === 't1' ? 'body' : 'selftext'] = '"[removed]"';
  }
  if (mode === 'info' && item.kind === 't1')
    for (const key of INFO_MISSING_KEYS) edits[key] = undefined;
  return Object.keys(edits).length === 0 ? item.raw! : spliceMembers(item.raw!, edits);
}

/** A stable made-up account id per author name, like `t2_f09g3ft0`. */
export function authorFullnameOf(author: string): string | undefined {
  if (author === '[deleted]') return undefined;
  let hash = 2166136261;
  for (let i = 0; i < author.length; i++) hash = Math.imul(hash ^ author.charCodeAt(i), 16777619);
  return `t2_${(hash >>> 0).toString(36)}`;
}

export function subredditIdOf(subKey: string): string {
  let hash = 5381;
  for (let i = 0; i < subKey.length; i++) hash = Math.imul(hash, 33) ^ subKey.charCodeAt(i);
  return `t5_${((hash >>> 0) % 60466176).toString(36)}`;
}

function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export function logEntry(item: StoredItem): ItemLogEntry {
  const entry: ItemLogEntry = {
    fullname: item.fullname,
    kind: item.kind,
    subreddit: item.subreddit,
    createdMs: item.createdMs,
    author: item.author,
    score: item.score,
  };
  if (item.kind === 't3') {
    entry.title = item.title ?? '';
    entry.selftext = item.selftext ?? '';
  } else {
    entry.body = item.body ?? '';
    entry.linkTitle = item.linkTitle ?? '';
    entry.linkId = item.linkId;
  }
  if (item.raw !== undefined) entry.fixture = true;
  if (item.unlisted) entry.unlisted = true;
  if (item.insertedMs !== undefined) {
    entry.insertedMs = item.insertedMs;
    entry.insertedDepth = item.insertedDepth;
  }
  return entry;
}
