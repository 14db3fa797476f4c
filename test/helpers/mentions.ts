import { alerts, mentions } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

// Numbers the mentions of each database from 1, as in a fresh database per file: test files share
// this module (vitest reuses modules between files) and some assert on a mention's number.
const lastItem = new WeakMap<Db, number>();

/**
 * An alert of the workspace's, stored directly (digests read what ingestion stored). A user's
 * personal workspace has the user's id.
 */
export async function insertAlert(
  db: Db,
  workspaceId: number,
  keyword: string,
  digestFrequency: 'email' | 'realtime' = 'email',
) {
  const [row] = await db
    .insert(alerts)
    .values({ workspaceId, keyword, digestFrequency })
    .returning();
  return row;
}

/** `count` mentions of an alert, newest last, with overridable fields. */
export async function insertMentions(
  db: Db,
  // A stored row names its workspace; an API answer calls it userId (alertSchema).
  alert: { id: number; keyword: string } & ({ workspaceId: number } | { userId: number }),
  count: number,
  fields: Partial<typeof mentions.$inferInsert> = {},
) {
  const base = Date.parse('2026-11-21T10:00:00Z');
  const first = (lastItem.get(db) ?? 0) + 1;
  lastItem.set(db, first + count - 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const n = first + i;
    return {
      alertId: alert.id,
      workspaceId: 'workspaceId' in alert ? alert.workspaceId : alert.userId,
      itemId: `t3_test${n}`,
      subreddit: 'SaaS',
      title: `Looking for ${alert.keyword} alternatives (${n})`,
      body: `We use ${alert.keyword} today but the pricing hurts. Any advice? Post ${n}.`,
      permalink: `/r/SaaS/comments/test${n}/looking_for_alternatives/`,
      author: `redditor${n}`,
      score: 10 + i,
      commentCount: i,
      redditCreatedAt: new Date(base + i * 60_000),
      matchedKeyword: alert.keyword,
      ...fields,
    };
  });
  return db.insert(mentions).values(rows).returning();
}
