import { redditPermalink } from '@shared/reddit-content';
import { z } from 'zod';

/** One post or comment as ingestion uses it, whatever shape Reddit served it in. */
export type RedditItem = {
  /** Fullname: `t3_…` for a post, `t1_…` for a comment. */
  fullname: string;
  kind: 'post' | 'comment';
  subreddit: string;
  /** The post title; for a comment its post's title (`link_title`), '' when Reddit omits it. */
  title: string;
  /** A post's selftext or a comment's body. */
  body: string;
  /** Absolute URL on www.reddit.com, whatever Reddit sent (see redditPermalink). */
  permalink: string;
  author: string;
  score: number;
  /** A post's comment count; for a comment, its post's (0 when Reddit omits it). */
  commentCount: number;
  createdAt: Date;
  /** The body is Reddit's `[removed]` or `[deleted]` placeholder. */
  removed: boolean;
  /** Reddit's `over_18` (a comment carries its post's); false where Reddit does not say (RSS). */
  nsfw: boolean;
  /** A comment's parent (`t3_…` or `t1_…`) where Reddit names it. */
  parentId?: string;
};

const REMOVED_TEXTS = new Set(['[removed]', '[deleted]']);

// PostgreSQL text cannot hold NUL; nothing a user needs is lost by dropping it.
const text = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').replaceAll('\u0000', ''));
const count = z
  .number()
  .nullish()
  .transform((value) => (Number.isFinite(value) ? Math.trunc(value as number) : 0));
const name = z.string().min(1).max(100);

const common = {
  id: z.string().regex(/^[0-9a-z]{1,16}$/),
  subreddit: name,
  author: text,
  score: count,
  created_utc: z.number().positive(),
  permalink: z.string().max(2000).nullish(),
  over_18: z.boolean().nullish(),
};

const postSchema = z.object({
  ...common,
  name: z.string().regex(/^t3_[0-9a-z]{1,16}$/),
  title: text,
  selftext: text,
  num_comments: count,
});

const commentSchema = z.object({
  ...common,
  name: z.string().regex(/^t1_[0-9a-z]{1,16}$/),
  body: text,
  link_id: z.string().regex(/^t3_[0-9a-z]{1,16}$/),
  link_title: text,
  num_comments: count,
  parent_id: z
    .string()
    .regex(/^t[13]_[0-9a-z]{1,16}$/)
    .nullish()
    .catch(undefined),
});

const sub = (name: string) => encodeURIComponent(name);

/**
 * One listing child as a `RedditItem`, or undefined when it is neither a readable post nor a
 * comment. Tolerates every recorded shape: the 2016 comment without `permalink`, `/api/info`
 * comments without `link_title`, deleted authors, float timestamps.
 */
export function toRedditItem(child: unknown): RedditItem | undefined {
  const envelope = z.object({ kind: z.string(), data: z.unknown() }).safeParse(child);
  if (!envelope.success) return undefined;
  if (envelope.data.kind === 't3') {
    const parsed = postSchema.safeParse(envelope.data.data);
    if (!parsed.success) return undefined;
    const p = parsed.data;
    return {
      fullname: p.name,
      kind: 'post',
      subreddit: p.subreddit,
      title: p.title,
      body: p.selftext,
      permalink: redditPermalink(p.permalink, `/r/${sub(p.subreddit)}/comments/${p.id}/`),
      author: p.author || '[deleted]',
      score: p.score,
      commentCount: p.num_comments,
      createdAt: new Date(p.created_utc * 1000),
      removed: REMOVED_TEXTS.has(p.selftext),
      nsfw: p.over_18 ?? false,
    };
  }
  if (envelope.data.kind === 't1') {
    const parsed = commentSchema.safeParse(envelope.data.data);
    if (!parsed.success) return undefined;
    const c = parsed.data;
    const postId = c.link_id.slice(3);
    return {
      fullname: c.name,
      kind: 'comment',
      subreddit: c.subreddit,
      title: c.link_title,
      body: c.body,
      permalink: redditPermalink(
        c.permalink,
        `/r/${sub(c.subreddit)}/comments/${postId}/_/${c.id}/`,
      ),
      author: c.author || '[deleted]',
      score: c.score,
      commentCount: c.num_comments,
      createdAt: new Date(c.created_utc * 1000),
      removed: REMOVED_TEXTS.has(c.body),
      nsfw: c.over_18 ?? false,
      ...(c.parent_id ? { parentId: c.parent_id } : {}),
    };
  }
  return undefined;
}

const listingSchema = z.object({
  kind: z.literal('Listing'),
  data: z.object({
    children: z.array(z.unknown()),
    after: z.string().nullish(),
  }),
});

/**
 * A page of a listing: its readable items in Reddit's order, how many children were not
 * readable, and the fullnames of the first and last child (readable or not) for paging.
 */
export type ListingPage = {
  items: RedditItem[];
  skipped: number;
  after: string | null;
  firstFullname: string | null;
  lastFullname: string | null;
};

const childName = (child: unknown) => {
  const parsed = z.object({ data: z.object({ name: z.string().max(40) }) }).safeParse(child);
  return parsed.success ? parsed.data.data.name : null;
};

/** Parses a listing body; undefined when the envelope itself is not a listing. */
export function parseListing(body: unknown): ListingPage | undefined {
  const parsed = listingSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const items: RedditItem[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const child of parsed.data.data.children) {
    const item = toRedditItem(child);
    if (!item) skipped++;
    // A page can name an item twice; the first (newest position) wins.
    else if (!seen.has(item.fullname)) {
      seen.add(item.fullname);
      items.push(item);
    }
  }
  const { children, after } = parsed.data.data;
  return {
    items,
    skipped,
    after: after ?? null,
    firstFullname: children.length ? childName(children[0]) : null,
    lastFullname: children.length ? childName(children[children.length - 1]) : null,
  };
}
