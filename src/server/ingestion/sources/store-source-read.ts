import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { SourceName } from '@shared/sources';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { mentions } from '../../db/schema';
import type { AlertIndex } from '../../matching';
import type { ModelCache } from '../../relevance';
import type { SourceItem } from '../../sources';
import { matchSourceItems } from '../page-items';
import { trackOwnReplies } from '../replies/track-own-replies';
import { REMOVED_CONTENT, storeMatches } from '../store-mentions';
import { saveRead, type ReadOutcome } from './source-reads-repo';

/** What every source job needs to store what its reader handed over. */
export type SourceStoreDeps = {
  db: Db;
  clock: Clock;
  owner: string;
  index: () => AlertIndex | undefined;
  models?: ModelCache;
};

/**
 * One read of a site, stored at once: the matches of its items as mentions (with their
 * deliveries), the replies of the people served, the removals it reported, and the cursor after them, in one transaction. A
 * crash before the commit leaves the cursor where it was, so the read comes again and the
 * (alert, source, item) key keeps it from being stored twice.
 */
export async function storeSourceRead(
  deps: SourceStoreDeps,
  source: SourceName,
  read: { items: SourceItem[]; removedIds?: string[]; outcome: ReadOutcome },
) {
  const index = deps.index();
  const now = deps.clock.now();
  const matches = index ? matchSourceItems(index, read.items) : [];
  return deps.db.transaction(async (tx) => {
    const stored = await storeMatches(tx, matches, now, { models: deps.models });
    await trackOwnReplies(tx, read.items, now, { source, ids: read.removedIds ?? [] });
    if (read.removedIds?.length) {
      await tx
        .update(mentions)
        .set({ removedAt: now, ...REMOVED_CONTENT })
        .where(
          and(
            eq(mentions.source, source),
            inArray(mentions.itemId, read.removedIds),
            isNull(mentions.removedAt),
          ),
        );
    }
    await saveRead(tx, source, deps.owner, read.outcome, now);
    return stored;
  });
}
