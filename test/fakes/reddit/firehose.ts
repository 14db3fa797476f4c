import type { ItemFactory } from './factory';
import type { StoredItem } from './items';
import { Zipf, type Random } from './random';
import type { Store } from './store';
import { paragraphs, plant, sentence, title } from './text';
import type { FirehoseOptions } from './types';

const TICK_MS = 50;
const RECENT_POSTS = 500;

/** ~200 plausible subreddit names; the first ones get the most traffic (Zipf). */
export function defaultSubreddits(): string[] {
  const stems = ['AskReddit', 'SaaS', 'startups', 'Entrepreneur', 'webdev', 'programming'];
  const more = ['smallbusiness', 'marketing', 'sysadmin', 'devops', 'gaming', 'pics', 'news'];
  const topics = ['tech', 'dev', 'money', 'cars', 'food', 'music', 'books', 'travel', 'fitness'];
  const names = [...stems, ...more];
  for (let i = 0; names.length < 200; i++) names.push(`${topics[i % topics.length]}_${i + 1}`);
  return names;
}

/**
 * Creates items at steady rates. Each tick creates as many items as are due since the start, so
 * the rates hold even when the event loop is late.
 */
/** How deep a late item enters r/all: the observation (20–45 below the newest). */
const DEFAULT_LATE_DEPTH = { min: 20, max: 45 };

export class Firehose {
  private timer: NodeJS.Timeout | undefined;
  private readonly recentPosts: StoredItem[] = [];
  private readonly lastPostBySub = new Map<string, StoredItem>();
  /** Late items, created and held (store.ts `hold`): shown `depth` deep once `dueMs` passes. */
  private pending: { item: StoredItem; dueMs: number; depth: number }[] = [];

  constructor(
    private readonly factory: ItemFactory,
    private readonly random: Random,
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  start(options: FirehoseOptions): void {
    this.stop();
    const subreddits = options.subreddits?.length ? options.subreddits : defaultSubreddits();
    const zipf = new Zipf(subreddits.length);
    const started = performance.now();
    let posts = 0;
    let comments = 0;
    const tick = () => {
      this.insertDue();
      const elapsed = (performance.now() - started) / 1000;
      const duePosts = Math.floor(elapsed * options.postsPerSecond);
      const dueComments = Math.floor(elapsed * options.commentsPerSecond);
      // Interleave the kinds so neither starves the other within a tick.
      while (posts < duePosts || comments < dueComments) {
        if (posts < duePosts) {
          this.post(subreddits[zipf.sample(this.random)], options);
          posts++;
        }
        if (comments < dueComments) {
          if (this.recentPosts.length === 0) {
            // The first comment needs a post: create it ahead of the posts' schedule.
            this.post(subreddits[zipf.sample(this.random)], options);
            posts++;
          }
          this.comment(subreddits[zipf.sample(this.random)], options);
          comments++;
        }
      }
    };
    this.timer = setInterval(tick, TICK_MS);
    this.timer.unref();
  }

  /**
   * Stops creating items; late items not yet due are never shown: they stay held, removed in
   * /api/info, as a post the spam filter never lets through (unless approved).
   */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private insertDue(): void {
    if (this.pending.length === 0) return;
    const now = this.clock();
    const due = this.pending.filter((entry) => entry.dueMs <= now);
    if (due.length === 0) return;
    this.pending = this.pending.filter((entry) => entry.dueMs > now);
    due.sort((a, b) => a.dueMs - b.dueMs);
    // One removed or approved while held is no longer held: it is not shown again.
    for (const { item, depth } of due) if (item.held) this.store.insertLate(item, now, depth);
  }

  /** A late item's delay, for `late.share` of the items; undefined for the others. */
  private lateDelay(options: FirehoseOptions): number | undefined {
    const late = options.late;
    if (!late || late.share <= 0 || !this.random.chance(late.share)) return undefined;
    return late.minMs + this.random.next() * Math.max(0, late.maxMs - late.minMs);
  }

  private hold(item: StoredItem, delayMs: number, options: FirehoseOptions): void {
    const min = options.late?.minDepth ?? DEFAULT_LATE_DEPTH.min;
    const max = Math.max(min, options.late?.maxDepth ?? DEFAULT_LATE_DEPTH.max);
    const depth = this.random.int(min, max);
    this.pending.push({ item, dueMs: item.createdMs + delayMs, depth });
  }

  private post(subreddit: string, options: FirehoseOptions): void {
    let postTitle = title(this.random);
    let selftext = this.random.chance(0.3) ? '' : paragraphs(this.random);
    const phrase = this.plantedPhrase(options);
    if (phrase !== undefined) {
      if (selftext && this.random.chance(0.5)) selftext = plant(this.random, selftext, phrase);
      else postTitle = plant(this.random, postTitle, phrase);
    }
    const delay = this.lateDelay(options);
    const post = this.factory.addPost(
      {
        subreddit,
        title: postTitle,
        selftext,
        url: selftext ? undefined : `https://i.imgur.com/${this.random.token(7)}.jpg`,
      },
      delay !== undefined,
    );
    if (delay !== undefined) return this.hold(post, delay, options);
    this.recentPosts.push(post);
    if (this.recentPosts.length > RECENT_POSTS * 2) this.recentPosts.splice(0, RECENT_POSTS);
    this.lastPostBySub.set(post.subKey, post);
  }

  private comment(subreddit: string, options: FirehoseOptions): void {
    // Comments go to a recent post of the chosen subreddit, else to any recent post.
    const post =
      this.lastPostBySub.get(subreddit.toLowerCase()) ??
      this.recentPosts[this.random.int(0, this.recentPosts.length - 1)];
    let body = this.random.chance(0.7) ? sentence(this.random) : paragraphs(this.random);
    const phrase = this.plantedPhrase(options);
    if (phrase !== undefined) body = plant(this.random, body, phrase);
    const delay = this.lateDelay(options);
    const comment = this.factory.addComment(
      { subreddit: post.subreddit, body, linkId: post.fullname },
      delay !== undefined,
    );
    if (delay !== undefined) this.hold(comment, delay, options);
  }

  private plantedPhrase(options: FirehoseOptions): string | undefined {
    const plantOptions = options.plant;
    if (!plantOptions || plantOptions.phrases.length === 0) return undefined;
    return this.random.chance(plantOptions.rate)
      ? this.random.pick(plantOptions.phrases)
      : undefined;
  }
}
