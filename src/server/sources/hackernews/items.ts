import { z } from 'zod';
import { cleanText, type SourceItem } from '../source-item';
import { hackerNewsHtmlToText } from './html-text';

/** The official API's item (hacker-news.firebaseio.com/v0/item/{id}.json), as far as we read it. */
const itemSchema = z.object({
  // Ids count up from 1; 2^31 is far beyond the site's 46 million and what a cursor holds.
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  type: z.enum(['story', 'comment', 'job', 'poll', 'pollopt']),
  by: z.string().max(100).nullish(),
  time: z.number().nonnegative(),
  text: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().max(4000).nullish(),
  score: z.number().int().nullish(),
  descendants: z.number().int().nonnegative().nullish(),
  parent: z.number().int().positive().nullish(),
  deleted: z.boolean().nullish(),
  dead: z.boolean().nullish(),
});

export type HackerNewsRawItem = z.infer<typeof itemSchema>;

/** An item as the reader walks it: stored, or followed up the `parent` chain for a title. */
export type HackerNewsItem =
  | { id: number; type: 'story'; title: string; item: SourceItem | undefined }
  | { id: number; type: 'comment'; parent: number; item: SourceItem | undefined }
  | { id: number; type: 'other' };

export const hackerNewsPermalink = (id: number) => `https://news.ycombinator.com/item?id=${id}`;

/**
 * One API answer as an item, or undefined when it is not a readable item (a wrong shape, a
 * negative or enormous id). Deleted and dead items keep their place in the parent chain but are
 * not stored (`item` undefined); comments are stored with an empty title, which the reader fills
 * from their story. A time in the future is taken as now.
 */
export function toHackerNewsItem(raw: unknown, now: Date): HackerNewsItem | undefined {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const hidden = p.deleted === true || p.dead === true;
  const createdMs = Math.min(p.time * 1000, now.getTime());
  const base = {
    source: 'hackernews' as const,
    id: String(p.id),
    community: '',
    body: cleanText(hackerNewsHtmlToText(p.text ?? '')),
    permalink: hackerNewsPermalink(p.id),
    author: cleanText(p.by ?? '', 100),
    createdAt: new Date(createdMs),
    removed: false,
    nsfw: false,
  };
  if (p.type === 'comment') {
    if (!p.parent) return undefined;
    const item: SourceItem = {
      ...base,
      kind: 'comment',
      title: '',
      score: null,
      commentCount: 0,
      parentId: String(p.parent),
    };
    return { id: p.id, type: 'comment', parent: p.parent, item: hidden ? undefined : item };
  }
  if (p.type === 'pollopt') return { id: p.id, type: 'other' };
  const title = cleanText(hackerNewsHtmlToText(p.title ?? ''), 1000);
  const item: SourceItem = {
    ...base,
    kind: 'post',
    title,
    // A link story's text is empty: its address is what a keyword may name.
    body: base.body || cleanText(p.url ?? ''),
    score: p.score ?? 0,
    commentCount: p.descendants ?? 0,
  };
  return { id: p.id, type: 'story', title, item: hidden ? undefined : item };
}
