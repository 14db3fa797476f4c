import { z } from 'zod';
import type { JsonGetter } from '../get-json';
import { SourceError } from '../source-error';
import type { SourceItem } from '../source-item';
import { toLobstersComments, toLobstersStory } from './items';

/**
 * What reading has seen: each story younger than 48 h with the comment count it had when its
 * comments were last read. Stories leave it as they age; a story not in it is new.
 */
export type LobstersCursor = {
  /** Whether a first read has taken the stories it saw as known. */
  started: boolean;
  stories: { id: string; createdAt: string; commentCount: number; readAt: string }[];
};

export const LOBSTERS_START: LobstersCursor = { started: false, stories: [] };

export type LobstersRead = { items: SourceItem[]; cursor: LobstersCursor; lastError?: string };

const COMMENT_WINDOW_MS = 48 * 3600_000;

/**
 * Reads Lobsters politely: `newest.json` for stories, and each young story's JSON when its
 * comment count grew, one request at a time at least `minGapMs` apart. A first read takes the
 * stories it sees as known, without storing them: Earshot hears from now on. Comments come
 * again when a story is re-read; storage keeps one mention per item.
 */
export function createLobstersReader(options: {
  baseUrl: string;
  getJson: JsonGetter;
  now: () => Date;
  minGapMs?: number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const minGapMs = options.minGapMs ?? 3000;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  let lastRequestAt = 0;

  async function paced(path: string) {
    const wait = lastRequestAt + minGapMs - Date.now();
    if (wait > 0) await sleep(wait);
    lastRequestAt = Date.now();
    return options.getJson(`${base}${path}`);
  }

  return {
    async read(cursor: LobstersCursor): Promise<LobstersRead> {
      const now = options.now();
      const page = z.array(z.unknown()).safeParse(await paced('/newest.json'));
      if (!page.success)
        throw new SourceError('malformed', 'Lobsters sent a story list that is not a list');
      const first = !cursor.started;
      const known = new Map(cursor.stories.map((s) => [s.id, s]));
      const items: SourceItem[] = [];
      const stories = new Map<string, LobstersCursor['stories'][number]>();
      let lastError: string | undefined;
      for (const raw of page.data) {
        const story = toLobstersStory(raw, now);
        if (!story) continue;
        const seen = known.get(story.item.id);
        const young = now.getTime() - story.item.createdAt.getTime() < COMMENT_WINDOW_MS;
        if (!seen && !first) items.push(story.item);
        let commentCount = seen?.commentCount ?? (first ? story.commentCount : 0);
        let readAt = seen?.readAt ?? (first ? now.toISOString() : new Date(0).toISOString());
        if (young && !first && story.commentCount > commentCount) {
          try {
            const raw = await paced(`/s/${story.item.id}.json`);
            // Comments older than the last read were seen then (a minute of slack for clocks).
            const since = Date.parse(readAt) - 60_000;
            const comments = toLobstersComments(raw, story.item, now);
            items.push(...comments.filter((c) => c.createdAt.getTime() >= since));
            commentCount = story.commentCount;
            readAt = now.toISOString();
          } catch (error) {
            if (!(error instanceof SourceError)) throw error;
            lastError = error.message;
          }
        }
        if (young)
          stories.set(story.item.id, {
            id: story.item.id,
            createdAt: story.item.createdAt.toISOString(),
            commentCount,
            readAt,
          });
      }
      // Young stories that fell off the first page stay known, so they are not new again.
      for (const story of cursor.stories) {
        if (
          !stories.has(story.id) &&
          now.getTime() - Date.parse(story.createdAt) < COMMENT_WINDOW_MS
        ) {
          stories.set(story.id, story);
        }
      }
      return { items, cursor: { started: true, stories: [...stories.values()] }, lastError };
    },
  };
}
