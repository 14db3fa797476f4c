import { and, count, eq, gt } from 'drizzle-orm';
import type { SourceStatus } from '@shared/api/ingestion';
import { SOURCE_NAMES, type SourceName } from '@shared/sources';
import type { DbOrTx } from '../../db/client';
import { mentions } from '../../db/schema';
import { listSourceReads, type SourceReadRow } from '../sources/source-reads-repo';
import { earliest } from './earliest';

const DAY_MS = 24 * 3600_000;

/** Reddit's line comes from its listings and client, summed up by the caller. */
export type RedditSummary = Omit<SourceStatus, 'source' | 'caught24h' | 'skipped24h'>;

/**
 * Every site's line for the status: how it is read (from its row in source_reads: the last
 * read, the lag, the fault in words) and what it caught for this user in 24 h. A site not in
 * SOURCES is `off`.
 */
export async function sourceStatuses(
  db: DbOrTx,
  workspaceId: number,
  read: readonly SourceName[],
  reddit: RedditSummary,
  now: Date,
): Promise<SourceStatus[]> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [rows, caught] = await Promise.all([
    listSourceReads(db),
    db
      .select({ source: mentions.source, n: count() })
      .from(mentions)
      .where(and(eq(mentions.workspaceId, workspaceId), gt(mentions.createdAt, dayAgo)))
      .groupBy(mentions.source),
  ]);
  const caughtBy = new Map(caught.map((row) => [row.source, row.n]));
  const rowBy = new Map(rows.map((row) => [row.source, row]));
  return SOURCE_NAMES.map((source) => {
    const caught24h = caughtBy.get(source) ?? 0;
    if (!read.includes(source)) return offLine(source, caught24h);
    if (source === 'reddit') return { source, ...reddit, caught24h, skipped24h: 0 };
    return siteLine(source, rowBy.get(source), caught24h, dayAgo);
  });
}

const offLine = (source: SourceName, caught24h: number): SourceStatus => ({
  source,
  state: 'off',
  lastReadAt: null,
  lag: null,
  caught24h,
  lastError: null,
  skipped24h: 0,
});

function siteLine(
  source: SourceName,
  row: SourceReadRow | undefined,
  caught24h: number,
  dayAgo: Date,
): SourceStatus {
  const failing = row?.errorSince !== null && row?.errorSince !== undefined;
  return {
    source,
    state: failing ? 'failing' : row?.lastReadAt ? 'ok' : 'starting',
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
    lag: row?.lagSeconds ?? null,
    caught24h,
    lastError: row?.lastError ?? null,
    skipped24h: row?.skippedSince && row.skippedSince > dayAgo ? row.skipped : 0,
  };
}

/**
 * The state of keywords that hear only the other sites: checked when the least recently read
 * of their sites was read, failing while one of them fails.
 */
export async function sitePollStates(
  db: DbOrTx,
  alerts: { id: number; sources?: readonly string[] }[],
) {
  const states = new Map<
    number,
    { lastPolledAt: Date | null; nextPollAt: Date | null; lastError: string | null }
  >();
  if (alerts.length === 0) return states;
  const reads = new Map((await listSourceReads(db)).map((row) => [row.source, row]));
  for (const alert of alerts) {
    const mine = (alert.sources ?? []).map((source) => reads.get(source));
    const failing = mine.find((row) => row?.errorSince);
    states.set(alert.id, {
      lastPolledAt: mine.some((row) => !row?.lastReadAt)
        ? null
        : earliest(mine.map((row) => row?.lastReadAt ?? null)),
      nextPollAt: null,
      lastError: failing?.lastError ?? null,
    });
  }
  return states;
}
