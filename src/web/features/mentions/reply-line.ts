import type { Mention } from '@shared/api/mentions';
import type { SourceName } from '@shared/sources';
import { mentionHref } from './mention-site';

export type Reply = NonNullable<Mention['reply']>;
type ReplyFields = Pick<
  Mention,
  'source' | 'subreddit' | 'community' | 'author' | 'permalink' | 'isComment' | 'redditCreatedAt'
>;

const MINUTE = 60_000;

/**
 * How long after the item the reply came, in words: "less than a minute", "12 min", "3 h",
 * "2 d", each rounded to the nearest whole unit (59.6 min reads "1 h"). A reply timed before
 * its item (two clocks apart) reads "less than a minute"; an unreadable date, null.
 */
export function replyDelay(postedAt: string, repliedAt: string): string | null {
  const ms = Date.parse(repliedAt) - Date.parse(postedAt);
  if (Number.isNaN(ms)) return null;
  if (ms < MINUTE) return 'less than a minute';
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.round(hours / 24)} d`;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${Math.abs(n) === 1 ? one : many}`;

/** What a site calls a reply's score: likes on Bluesky, points elsewhere. */
const scoreWords = (source: SourceName): [string, string] =>
  source === 'bluesky' ? ['like', 'likes'] : ['point', 'points'];

export interface ReplyLineParts {
  /** "Replied 12 min after the post": the link to the reply. */
  lead: string;
  /** "14 points", "3 replies": what the site gave when last read (none where it gives none). */
  facts: string[];
  /** The reply was found deleted or removed; it stays recorded, marked so. */
  deleted: boolean;
}

/** The card's line about the reply Earshot read in the thread, in parts to draw. */
export function replyLineParts(mention: ReplyFields, reply: Reply): ReplyLineParts {
  const item = mention.isComment ? 'comment' : 'post';
  const facts: string[] = [];
  if (reply.score !== null) facts.push(count(reply.score, ...scoreWords(mention.source)));
  if (reply.replies !== null) facts.push(count(reply.replies, 'reply', 'replies'));
  const delay = replyDelay(mention.redditCreatedAt, reply.createdAt);
  return {
    lead: delay ? `Replied ${delay} after the ${item}` : 'Replied',
    facts,
    deleted: reply.removedAt !== null,
  };
}

/** The line as text: "Replied 12 min after the post · 14 points · 3 replies · reply deleted". */
export function replyLineText(parts: ReplyLineParts): string {
  return [parts.lead, ...parts.facts, ...(parts.deleted ? ['reply deleted'] : [])].join(' · ');
}

/** The reply's link, held to the item's own site as the card's link is (mention-site.ts). */
export const replyHref = (mention: ReplyFields, reply: Reply): string =>
  mentionHref({ ...mention, permalink: reply.permalink });
