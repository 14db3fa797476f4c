import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { redditPermalink } from '@shared/reddit-content';
import { RedditError } from './errors';
import { feedHtmlToText } from './html-text';
import type { RedditItem } from './items';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // One entry is still a list, and text stays text ("1234" is a title, not a number).
  isArray: (name) => name === 'entry' || name === 'link' || name === 'category',
  parseTagValue: false,
  processEntities: true,
  htmlEntities: false,
});

const text = z
  .union([z.string(), z.object({ '#text': z.string() })])
  .transform((v) => (typeof v === 'string' ? v : v['#text']));

const entrySchema = z.object({
  id: z.string().regex(/^t[13]_[0-9a-z]{1,16}$/),
  title: text.optional(),
  author: z.object({ name: z.string() }).optional(),
  category: z.array(z.object({ '@term': z.string().min(1).max(100) })).min(1),
  link: z.array(z.object({ '@href': z.string() })).min(1),
  published: z.string(),
  content: text.optional(),
});

const feedSchema = z.object({
  feed: z.object({ entry: z.array(z.unknown()).optional() }),
});

export type FeedPage = { items: RedditItem[]; skipped: number };

/**
 * Reddit's Atom feed as items: the fullname from `<id>`, the subreddit from `<category>`, the
 * text from the HTML `<content>` (posts) and, for comments, the post title from their
 * "/u/NAME on POST TITLE" title. Feeds carry no score or comment count: both are 0, unknown.
 * A body that is not a whole Atom feed (truncated, HTML, anything else) is a `malformed` error.
 */
export function parseAtomFeed(body: string): FeedPage {
  if (XMLValidator.validate(body) !== true) {
    throw new RedditError('malformed', 'Reddit sent a feed that is not valid XML');
  }
  const parsed = feedSchema.safeParse(parser.parse(body));
  if (!parsed.success) {
    throw new RedditError('malformed', 'Reddit sent XML that is not an Atom feed');
  }
  const items: RedditItem[] = [];
  let skipped = 0;
  const seen = new Set<string>();
  for (const raw of parsed.data.feed.entry ?? []) {
    const item = toItem(raw);
    if (!item) skipped++;
    else if (!seen.has(item.fullname)) {
      seen.add(item.fullname);
      items.push(item);
    }
  }
  return { items, skipped };
}

const clean = (value: string) => value.replaceAll('\u0000', '');

function toItem(raw: unknown): RedditItem | undefined {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const e = parsed.data;
  const createdAt = new Date(e.published);
  if (Number.isNaN(createdAt.getTime())) return undefined;
  const author = (e.author?.name ?? '').replace(/^\/u\//, '') || '[deleted]';
  const kind = e.id.startsWith('t3_') ? 'post' : 'comment';
  const title = clean(e.title ?? '');
  const body = clean(feedHtmlToText(e.content ?? ''));
  return {
    fullname: e.id,
    kind,
    subreddit: e.category[0]['@term'],
    // A comment's title reads "/u/NAME on POST TITLE".
    title: kind === 'comment' ? title.replace(/^\/u\/\S+ on /, '') : title,
    body,
    // Only Reddit's own hosts: a post falls back to its path from its id, a comment to its
    // subreddit (the feed names no post id for it).
    permalink: redditPermalink(
      e.link[0]['@href'],
      `/r/${encodeURIComponent(e.category[0]['@term'])}/${kind === 'post' ? `comments/${e.id.slice(3)}/` : ''}`,
    ),
    author: clean(author),
    score: 0,
    commentCount: 0,
    createdAt,
    removed: body === '[removed]' || body === '[deleted]',
    // Feeds do not say; `nsfw:only` cannot match in limited mode.
    nsfw: false,
  };
}
