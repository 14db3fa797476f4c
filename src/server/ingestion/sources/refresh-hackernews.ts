import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { mentions } from '../../db/schema';
import { mapPool } from '../../lib/pool';
import { toHackerNewsItem, type HackerNewsClient } from '../../sources';
import { REMOVED_CONTENT } from '../store-mentions';

/** Mentions are refreshed while young, as Reddit's re-checks do. */
const REFRESH_WINDOW_MS = 48 * 3600_000;

/**
 * Scores and comment counts of young Hacker News mentions, from the items the site lists as
 * changed (`/v0/updates.json`): only those Earshot holds are asked for again, a few at a time.
 * A story deleted or killed since is marked removed, as Reddit's removals are.
 */
export async function refreshHackerNews(deps: { db: Db; clock: Clock; client: HackerNewsClient }) {
  const { db, clock, client } = deps;
  const changed = (await client.updates()).map(String);
  if (changed.length === 0) return 0;
  const now = clock.now();
  const held = await db
    .selectDistinct({ itemId: mentions.itemId })
    .from(mentions)
    .where(
      and(
        eq(mentions.source, 'hackernews'),
        inArray(mentions.itemId, changed),
        isNull(mentions.removedAt),
        gt(mentions.redditCreatedAt, new Date(now.getTime() - REFRESH_WINDOW_MS)),
      ),
    );
  const answers = await mapPool(held, 4, async ({ itemId }) => ({
    itemId,
    raw: await client.item(Number(itemId)),
  }));
  for (const { itemId, raw } of answers) {
    const read = toHackerNewsItem(raw, now);
    if (!read || read.type === 'other') continue;
    const where = and(eq(mentions.source, 'hackernews'), eq(mentions.itemId, itemId));
    if (!read.item) {
      await db
        .update(mentions)
        .set({ removedAt: now, ...REMOVED_CONTENT })
        .where(and(where, isNull(mentions.removedAt)));
    } else if (read.type === 'story') {
      await db
        .update(mentions)
        .set({
          score: read.item.score ?? 0,
          commentCount: read.item.commentCount,
          refreshedAt: now,
        })
        .where(where);
    }
  }
  return answers.length;
}
