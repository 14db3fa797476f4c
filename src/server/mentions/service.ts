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
import { NotFoundError, ValidationError } from '../http/errors';
import { decodeCursor, encodeCursor } from './cursor';
import { csvRow } from '@shared/csv';
import { lastLocalDays, localMidnight } from './local-days';
import * as repo from './repo';

export type MentionService = ReturnType<typeof createMentionService>;

/** Whose mentions (the workspace's id), who asks, and the timezone their "days" are read in. */
type Viewer = { id: number; userId: number; timezone: string };

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

const person = (userId: number | null, email: string | null) =>
  userId === null ? null : { userId, email: email ?? '' };

export function toMentionDto(row: repo.MentionRow): Mention {
  const {
    repliedByUserId,
    repliedByEmail,
    assignedToUserId,
    assignedToEmail,
    replyPermalink,
    replyCreatedAt,
    replyScore,
    replyReplies,
    replyRemovedAt,
    ...rest
  } = row;
  return {
    ...rest,
    reply:
      replyCreatedAt && replyPermalink
        ? {
            permalink: replyPermalink,
            createdAt: replyCreatedAt.toISOString(),
            score: replyScore,
            replies: replyReplies,
            detected: true,
            removedAt: replyRemovedAt?.toISOString() ?? null,
          }
        : null,
    repliedBy: row.hasReplied ? person(repliedByUserId, repliedByEmail) : null,
    repliedAt: row.hasReplied ? (row.repliedAt?.toISOString() ?? null) : null,
    assignedTo: person(assignedToUserId, assignedToEmail),
    permalink: permalinkOf(row),
    redditCreatedAt: row.redditCreatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    removedAt: row.removedAt?.toISOString() ?? null,
    feedback: row.feedback === 'relevant' || row.feedback === 'irrelevant' ? row.feedback : null,
  };
}

function feedFilters(filters: ParsedMentionFilters, viewer: Viewer): repo.FeedFilters {
  const { timezone } = viewer;
  return {
    assignee:
      filters.assignee === undefined
        ? undefined
        : filters.assignee === 'none'
          ? null
          : filters.assignee === 'me'
            ? viewer.userId
            : filters.assignee,
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

/** Tells a member a mention is theirs now (the email area's, wired in app.ts). */
export type TellAssignee = (notice: {
  assigneeId: number;
  assignedBy: string;
  mention: Pick<Mention, 'title' | 'body' | 'permalink' | 'source'>;
}) => Promise<void>;

export function createMentionService(deps: {
  db: Db;
  clock: Clock;
  tellAssignee?: TellAssignee;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { db, clock } = deps;

  async function setFlags(
    workspaceId: number,
    id: number,
    flags: Parameters<typeof repo.updateFlags>[3],
  ) {
    if (!(await repo.updateFlags(db, workspaceId, id, flags)))
      throw new NotFoundError(MENTION_NOT_FOUND);
    const row = await repo.findOwnedMention(db, workspaceId, id);
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
      const rows = await repo.feedPage(db, viewer.id, feedFilters(query, viewer), after, limit + 1);
      const items = rows.slice(0, limit);
      const nextCursor = rows.length > limit ? encodeCursor(positionOf(items.at(-1)!)) : null;
      return { items: items.map(toMentionDto), nextCursor };
    },

    async get(viewer: Viewer, id: number) {
      const row = await repo.findOwnedMention(db, viewer.id, id);
      if (!row) throw new NotFoundError(MENTION_NOT_FOUND);
      return toMentionDto(row);
    },

    /** Marks it replied (or not) by the member asking: the card says who, and when. */
    setReplied: (viewer: Viewer, id: number, hasReplied: boolean) =>
      setFlags(viewer.id, id, {
        hasReplied,
        repliedByUserId: hasReplied ? viewer.userId : null,
        repliedAt: hasReplied ? clock.now() : null,
      }),

    /** Hands it to a member of the workspace (null: to nobody). */
    async assign(viewer: Viewer, id: number, userId: number | null) {
      if (userId !== null && !(await repo.isMember(db, viewer.id, userId))) {
        throw new ValidationError('Assign it to a member of this workspace', {
          userId: 'Not a member of this workspace',
        });
      }
      const before = await repo.findOwnedMention(db, viewer.id, id);
      const mention = await setFlags(viewer.id, id, { assignedToUserId: userId });
      // Told once, when it becomes theirs, and not when they take it themselves.
      if (
        userId !== null &&
        userId !== viewer.userId &&
        before?.assignedToUserId !== userId &&
        deps.tellAssignee
      ) {
        const assignedBy = (await repo.memberEmail(db, viewer.userId)) ?? 'A teammate';
        await deps
          .tellAssignee({ assigneeId: userId, assignedBy, mention })
          .catch((error: unknown) => deps.log?.warn({ err: error }, 'assignment notice failed'));
      }
      return mention;
    },

    /**
     * Opening a mention's link marks it read; read mentions are dimmed. See
     * docs/product.md §3 (Screens).
     */
    markRead: (workspaceId: number, id: number) => setFlags(workspaceId, id, { isRead: true }),

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
      const where = feedFilters(filters, viewer);
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
