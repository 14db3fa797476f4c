import {
  ACTIVITY_DAYS,
  MENTION_PAGE_LIMIT,
  type Activity,
  type Mention,
  type MentionPage,
  type ParsedMentionFilters,
} from '@shared/api/mentions';
import { describeMatch, explainParsed, parseQuery, type QueryNode } from '@shared/query';
import { cleanRedditText, redditPermalink } from '@shared/reddit-content';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { NotFoundError } from '../http/errors';
import { decodeCursor, encodeCursor } from './cursor';
import { csvRow } from './csv';
import { lastLocalDays, localMidnight } from './local-days';
import * as repo from './repo';

export type MentionService = ReturnType<typeof createMentionService>;

/** Whose mentions, and the timezone their "days" are read in. */
type Viewer = { id: number; timezone: string };

const MENTION_NOT_FOUND = 'Mention not found';
/** Rows per query while a CSV export streams: memory stays flat whatever the user holds. */
const EXPORT_BATCH = 1000;

/**
 * The permalink as it leaves: Reddit's rows stored before permalinks were held to Reddit's
 * hosts leave by that rule; the other sites' were built by their readers on their own host.
 */
const permalinkOf = (row: repo.MentionRow) =>
  row.source === 'reddit'
    ? redditPermalink(row.permalink, `/r/${encodeURIComponent(row.subreddit)}/`)
    : row.permalink;

export function toMentionDto(row: repo.MentionRow): Mention {
  return {
    ...row,
    permalink: permalinkOf(row),
    redditCreatedAt: row.redditCreatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    removedAt: row.removedAt?.toISOString() ?? null,
    feedback: row.feedback === 'relevant' || row.feedback === 'irrelevant' ? row.feedback : null,
  };
}

function feedFilters(filters: ParsedMentionFilters, timezone: string): repo.FeedFilters {
  return {
    alertId: filters.alertId,
    subreddit: filters.subreddit || undefined,
    source: filters.source,
    replied: filters.replied === undefined ? undefined : filters.replied === 'true',
    since: filters.since ? localMidnight(filters.since, timezone) : undefined,
    hidden: filters.hidden,
  };
}

const positionOf = (row: repo.MentionRow): repo.FeedPosition => ({
  at: row.redditCreatedAt,
  id: row.id,
});

const CSV_HEADER = [
  'id',
  'reddit_created_at',
  'keyword',
  'subreddit',
  'type',
  'title',
  'body',
  'author',
  'score',
  'comments',
  'permalink',
  'replied',
  'read',
  // Every keyword that matched the item (decision 025), `keyword` first.
  'keywords',
  'why_matched',
  // Added with the sites beyond Reddit: last, so that sheets reading the columns by position
  // keep working.
  'source',
];

/** A keyword's parsed query (null: it does not parse), parsed once per distinct keyword. */
type ParsedKeywords = (keyword: string) => QueryNode | null;

/** Parses each keyword once while one export lasts (the map goes with it). */
function parsedKeywords(): ParsedKeywords {
  const parsed = new Map<string, QueryNode | null>();
  return (keyword) => {
    let query = parsed.get(keyword);
    if (query === undefined) {
      const result = parseQuery(keyword);
      query = result.ok ? result.ast : null;
      parsed.set(keyword, query);
    }
    return query;
  };
}

const csvLine = (row: repo.MentionRow, parsed: ParsedKeywords) =>
  csvRow([
    row.id,
    row.redditCreatedAt.toISOString(),
    row.keyword,
    cleanRedditText(row.subreddit),
    row.isComment ? 'comment' : 'post',
    cleanRedditText(row.title),
    cleanRedditText(row.body),
    cleanRedditText(row.author),
    row.score,
    row.commentCount,
    permalinkOf(row),
    row.hasReplied,
    row.isRead,
    row.keywords.join('; '),
    whyMatched(row, parsed),
    row.source,
  ]);

/** Which terms matched where (`zendesk (title, text)`); empty when the keyword changed since. */
function whyMatched(row: repo.MentionRow, parsed: ParsedKeywords) {
  const query = parsed(row.keyword);
  const why = query && explainParsed(query, row);
  return why ? describeMatch(why) : '';
}

export function createMentionService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function setFlags(
    userId: number,
    id: number,
    flags: Parameters<typeof repo.updateFlags>[3],
  ) {
    if (!(await repo.updateFlags(db, userId, id, flags)))
      throw new NotFoundError(MENTION_NOT_FOUND);
    const row = await repo.findOwnedMention(db, userId, id);
    if (!row) throw new NotFoundError(MENTION_NOT_FOUND);
    return toMentionDto(row);
  }

  return {
    /** One page, newest first; `nextCursor` is null once the list is exhausted. */
    async list(
      viewer: Viewer,
      query: ParsedMentionFilters & { cursor?: string; limit?: number },
    ): Promise<MentionPage> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const limit = query.limit ?? MENTION_PAGE_LIMIT.default;
      // One row more than asked says whether another page exists.
      const rows = await repo.feedPage(
        db,
        viewer.id,
        feedFilters(query, viewer.timezone),
        after,
        limit + 1,
      );
      const items = rows.slice(0, limit);
      const nextCursor = rows.length > limit ? encodeCursor(positionOf(items.at(-1)!)) : null;
      return { items: items.map(toMentionDto), nextCursor };
    },

    setReplied: (userId: number, id: number, hasReplied: boolean) =>
      setFlags(userId, id, { hasReplied }),

    /**
     * Opening a mention's link marks it read; read mentions are dimmed. See
     * docs/product.md §3 (Screens).
     */
    markRead: (userId: number, id: number) => setFlags(userId, id, { isRead: true }),

    /** Mentions found per local day and alert, for the last `days` days up to today. */
    async activity(viewer: Viewer, days: number = ACTIVITY_DAYS.default): Promise<Activity> {
      const range = lastLocalDays(clock.now(), viewer.timezone, days);
      const rows = await repo.countByBucket(db, viewer.id, range.bounds);
      const series = new Map<number, Activity['series'][number]>();
      for (const row of rows) {
        let entry = series.get(row.alertId);
        if (!entry) {
          entry = { alertId: row.alertId, keyword: row.keyword, counts: range.days.map(() => 0) };
          series.set(row.alertId, entry);
        }
        entry.counts[row.bucket - 1] += row.count;
      }
      const total = (s: Activity['series'][number]) => s.counts.reduce((a, b) => a + b, 0);
      return {
        timezone: viewer.timezone,
        days: range.days,
        series: [...series.values()].sort((a, b) => total(b) - total(a) || a.alertId - b.alertId),
      };
    },

    /** The filtered list as CSV, read in keyset batches so that any size streams. */
    async *exportCsv(viewer: Viewer, filters: ParsedMentionFilters): AsyncGenerator<string> {
      const where = feedFilters(filters, viewer.timezone);
      const parsed = parsedKeywords();
      yield csvRow(CSV_HEADER);
      let after: repo.FeedPosition | undefined;
      for (;;) {
        const rows = await repo.feedPage(db, viewer.id, where, after, EXPORT_BATCH);
        if (rows.length > 0) yield rows.map((row) => csvLine(row, parsed)).join('');
        if (rows.length < EXPORT_BATCH) return;
        after = positionOf(rows.at(-1)!);
      }
    },
  };
}

/** Mentions by id as GET /api/mentions lists them (a channel delivery's payload). */
export async function mentionItems(db: DbOrTx, ids: number[]): Promise<Mention[]> {
  return (await repo.mentionsByIds(db, ids)).map(toMentionDto);
}
