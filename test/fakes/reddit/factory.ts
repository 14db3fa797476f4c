import { subredditIdOf, type StoredItem } from './items';
import type { Random } from './random';
import type { Store } from './store';
import { slug, title as randomTitle, username } from './text';
import type { NewComment, NewPost } from './types';

/** Builds posts and comments with Reddit-like ids and links, and stores them. */
export class ItemFactory {
  // Separate base-36 id spaces, like Reddit's, starting just above every recorded id (2026's) so
  // generated items never take the id of a recorded one or of a post a recorded comment names.
  private nextPostId = parseInt('1x00000', 36);
  private nextCommentId = parseInt('p000000', 36);

  constructor(
    private readonly store: Store,
    private readonly random: Random,
    private readonly clock: () => number,
    /** Comment ids drawn at random instead of counting up (Reddit's announced 2026 change). */
    private readonly randomCommentIds = false,
  ) {}

  /**
   * With `hold`, the item gets its id and creation time now but is only held (store.ts `hold`):
   * the caller shows it later with `insertLate`.
   */
  addPost(p: NewPost, hold = false): StoredItem {
    const subreddit = cleanSubreddit(p.subreddit);
    const id = this.newId('t3');
    const title = p.title;
    const permalink = `/r/${subreddit}/comments/${id}/${slug(title)}/`;
    const item: StoredItem = {
      kind: 't3',
      id,
      fullname: `t3_${id}`,
      subreddit,
      subKey: subreddit.toLowerCase(),
      subredditId: subredditIdOf(subreddit.toLowerCase()),
      createdMs: p.createdMs ?? this.clock(),
      seq: 0,
      rankMs: 0,
      rankSeq: 0,
      author: p.author ?? username(this.random),
      score: p.score ?? 1,
      removed: false,
      permalink,
      title,
      selftext: p.url ? '' : (p.selftext ?? ''),
      url: p.url,
      numComments: 0,
    };
    if (p.unlisted) this.store.insertUnlisted(item);
    else this.enterListings(item, p.lateDepth, hold);
    return item;
  }

  addComment(c: NewComment, hold = false): StoredItem {
    const post = c.linkId ? this.store.byName.get(c.linkId) : undefined;
    if (c.linkId && post?.kind !== 't3') throw new Error(`unknown post ${c.linkId}`);
    const parent =
      post ??
      this.addPost({
        subreddit: c.subreddit,
        title: c.linkTitle ?? randomTitle(this.random),
        createdMs: (c.createdMs ?? this.clock()) - 60_000,
      });
    const subreddit = post ? parent.subreddit : cleanSubreddit(c.subreddit);
    const id = this.newId('t1');
    const postPath = parent.permalink;
    const item: StoredItem = {
      kind: 't1',
      id,
      fullname: `t1_${id}`,
      subreddit,
      subKey: subreddit.toLowerCase(),
      subredditId: parent.subredditId,
      createdMs: c.createdMs ?? this.clock(),
      seq: 0,
      rankMs: 0,
      rankSeq: 0,
      author: c.author ?? username(this.random),
      score: c.score ?? 1,
      removed: false,
      permalink: `${postPath}${id}/`,
      body: c.body,
      linkId: parent.fullname,
      parentId: c.parentId ?? parent.fullname,
      linkTitle: parent.title,
      linkAuthor: parent.author,
      linkUrl: parent.url ?? `https://www.reddit.com${postPath}`,
    };
    parent.numComments = (parent.numComments ?? 0) + 1;
    this.enterListings(item, c.lateDepth, hold);
    return item;
  }

  /** The next `count` post ids are never used: a gap in the sequence. */
  skipPostIds(count: number): void {
    this.nextPostId += count;
  }

  /** In its listings now: by creation time, or `lateDepth` below the newest (a late item). */
  private enterListings(item: StoredItem, lateDepth: number | undefined, hold: boolean): void {
    if (hold) this.store.hold(item);
    else if (lateDepth === undefined) this.store.insert(item);
    else this.store.insertLate(item, this.clock(), lateDepth);
  }

  private newId(kind: 't1' | 't3'): string {
    if (kind === 't1' && this.randomCommentIds) return this.randomId();
    for (;;) {
      // Roughly increasing with small gaps, as Reddit's ids look from one listing.
      const step = this.random.int(1, 3);
      const n = kind === 't3' ? (this.nextPostId += step) : (this.nextCommentId += step);
      const id = n.toString(36);
      if (!this.store.byName.has(`${kind}_${id}`)) return id;
    }
  }

  /** Seven base-36 digits at random, never one already taken (held items are known too). */
  private randomId(): string {
    for (;;) {
      const id = this.random.int(LOW_RANDOM_ID, HIGH_RANDOM_ID).toString(36);
      if (!this.store.byName.has(`t1_${id}`)) return id;
    }
  }
}

// Above every recorded comment id, below 8 digits: random ids still look like Reddit's.
const LOW_RANDOM_ID = parseInt('p000000', 36);
const HIGH_RANDOM_ID = parseInt('zzzzzzz', 36);

function cleanSubreddit(name: string): string {
  const trimmed = name.trim().replace(/^\/?r\//i, '');
  if (!/^[A-Za-z0-9_]{2,21}$/.test(trimmed)) throw new Error(`invalid subreddit name "${name}"`);
  return trimmed;
}
