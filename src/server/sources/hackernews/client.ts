import { z } from 'zod';
import type { JsonGetter } from '../get-json';
import { SourceError } from '../source-error';

const maxItemSchema = z.number().int().nonnegative();
const updatesSchema = z.object({
  items: z.array(z.number().int().positive()).max(100_000),
});

/** The official Hacker News API (DESIGN.md §6): the newest id, and one item by id. */
export function createHackerNewsClient({
  baseUrl,
  getJson,
}: {
  baseUrl: string;
  getJson: JsonGetter;
}) {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async maxItem(signal?: AbortSignal): Promise<number> {
      const parsed = maxItemSchema.safeParse(await getJson(`${base}/v0/maxitem.json`, signal));
      if (!parsed.success) {
        throw new SourceError(
          'malformed',
          'Hacker News sent a newest item id that is not a number',
        );
      }
      return parsed.data;
    },
    /** Ids of items changed lately (scores, comments, deletions): `/v0/updates.json`. */
    async updates(signal?: AbortSignal): Promise<number[]> {
      const parsed = updatesSchema.safeParse(await getJson(`${base}/v0/updates.json`, signal));
      if (!parsed.success) {
        throw new SourceError('malformed', 'Hacker News sent a list of changes of another shape');
      }
      return parsed.data.items;
    },
    /** The item's JSON as served, or null while the id has not propagated yet. */
    item(id: number, signal?: AbortSignal): Promise<unknown> {
      return getJson(`${base}/v0/item/${id}.json`, signal);
    },
  };
}

export type HackerNewsClient = ReturnType<typeof createHackerNewsClient>;
