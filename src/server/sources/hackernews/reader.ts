import { mapPool } from '../../lib/pool';
import { SourceError } from '../source-error';
import type { SourceItem } from '../source-item';
import type { HackerNewsClient } from './client';
import { toHackerNewsItem, type HackerNewsItem } from './items';

/**
 * Where reading stands: every id up to `lastId` was asked for once; `retry` holds the ids below
 * it that answered null (not propagated yet) or failed, to ask again on the next reads.
 */
export type HackerNewsCursor = { lastId: number; retry: { id: number; tries: number }[] };

export const START_CURSOR: HackerNewsCursor = { lastId: 0, retry: [] };

export type HackerNewsRead = {
  items: SourceItem[];
  cursor: HackerNewsCursor;
  /** The site's newest id when the read began. */
  newest: number;
  /** Ids given up on (still null or failing after every retry) or unreadable. */
  skipped: number;
  /** The last fault met while reading items, in words (the read still went on). */
  lastError?: string;
};

export type HackerNewsReaderOptions = {
  client: HackerNewsClient;
  now: () => Date;
  /** Requests in flight at once. */
  concurrency?: number;
  /** New ids asked for per read: a long outage is caught up over several reads. */
  maxBatch?: number;
  /** Reads an id that answers null or fails is asked again in, before it is skipped. */
  maxTries?: number;
  /** Story titles remembered for comments (by item id). */
  titleCacheSize?: number;
};

const MAX_PARENT_DEPTH = 64;

/**
 * Reads Hacker News completely: ids count up site-wide, so each read asks for every id after
 * the last one read, up to `maxitem`, in a bounded pool. A comment takes its story's title from
 * the `parent` chain, walked through a cache (a thread's comments share one story).
 */
export function createHackerNewsReader(options: HackerNewsReaderOptions) {
  const { client, now, concurrency = 8, maxBatch = 2000, maxTries = 20 } = options;
  const titles = new TitleCache(options.titleCacheSize ?? 50_000);

  /** One id's item, or null (not there yet), or the fault met. */
  async function fetchItem(
    id: number,
  ): Promise<HackerNewsItem | null | 'unreadable' | SourceError> {
    try {
      const raw = await client.item(id);
      if (raw === null) return null;
      return toHackerNewsItem(raw, now()) ?? 'unreadable';
    } catch (error) {
      if (error instanceof SourceError) return error;
      throw error;
    }
  }

  /** A comment's story (its title and id), up the `parent` chain; unknown past the depth. */
  async function storyOf(parent: number): Promise<Story> {
    let id = parent;
    const walked: number[] = [];
    for (let depth = 0; depth < MAX_PARENT_DEPTH; depth++) {
      const known = titles.get(id);
      if (known !== undefined) return titles.setAll(walked, known);
      const item = await fetchItem(id);
      if (!item || typeof item === 'string' || item instanceof SourceError) break;
      walked.push(id);
      if (item.type === 'story') return titles.setAll(walked, { title: item.title, id: item.id });
      if (item.type !== 'comment') break;
      id = item.parent;
    }
    return UNKNOWN_STORY;
  }

  return {
    async read(cursor: HackerNewsCursor): Promise<HackerNewsRead> {
      const newest = await client.maxItem();
      // A first read starts at the newest item: Earshot hears from now on. A `maxitem` that went
      // backwards (a cache behind the last answer) reads nothing new and keeps the cursor.
      if (cursor.lastId === 0)
        return { items: [], cursor: { lastId: newest, retry: [] }, newest, skipped: 0 };
      const upTo = Math.min(newest, cursor.lastId + maxBatch);
      const fresh = Array.from({ length: Math.max(0, upTo - cursor.lastId) }, (_, i) => ({
        id: cursor.lastId + 1 + i,
        tries: 0,
      }));
      const asked = [...cursor.retry, ...fresh].sort((a, b) => a.id - b.id);
      const answers = await mapPool(asked, concurrency, (entry) => fetchItem(entry.id));

      const retry: HackerNewsCursor['retry'] = [];
      let skipped = 0;
      let lastError: string | undefined;
      const items: SourceItem[] = [];
      // In id order, a parent comes before its replies: its title is cached by then.
      for (const [at, answer] of answers.entries()) {
        const entry = asked[at];
        if (answer === null || answer instanceof SourceError) {
          if (answer instanceof SourceError) lastError = answer.message;
          if (entry.tries + 1 < maxTries) retry.push({ id: entry.id, tries: entry.tries + 1 });
          else skipped++;
          continue;
        }
        if (answer === 'unreadable') {
          skipped++;
          continue;
        }
        if (answer.type === 'story') {
          titles.set(answer.id, { title: answer.title, id: answer.id });
          if (answer.item) items.push({ ...answer.item, threadId: String(answer.id) });
        } else if (answer.type === 'comment') {
          const story = await storyOf(answer.parent);
          titles.set(answer.id, story);
          const threadId = story.id === undefined ? undefined : String(story.id);
          if (answer.item) items.push({ ...answer.item, title: story.title, threadId });
        }
      }
      return {
        items,
        cursor: { lastId: Math.max(cursor.lastId, upTo), retry },
        newest,
        skipped,
        lastError,
      };
    },
  };
}

/** A story as its comments need it: the title they show, the thread they belong to. */
type Story = { title: string; id: number | undefined };
const UNKNOWN_STORY: Story = { title: '', id: undefined };

/** The story of each item id (a story's own), the oldest forgotten first once `size` are held. */
class TitleCache {
  private stories = new Map<number, Story>();
  constructor(private readonly size: number) {}

  get(id: number) {
    return this.stories.get(id);
  }

  set(id: number, story: Story) {
    this.stories.delete(id);
    this.stories.set(id, story);
    if (this.stories.size > this.size) this.stories.delete(this.stories.keys().next().value!);
  }

  setAll(ids: number[], story: Story) {
    for (const id of ids) this.set(id, story);
    return story;
  }
}
