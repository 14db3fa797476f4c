import type { RedditItem } from '../reddit';
import type { SourceItem } from '../sources';

/**
 * A Reddit item's thread: a post's fullname; a comment's post, named in every permalink Reddit
 * serves or we build (`/r/sub/comments/<post id>/…`), JSON and RSS alike.
 */
export function redditThreadOf(item: Pick<RedditItem, 'kind' | 'fullname' | 'permalink'>) {
  if (item.kind === 'post') return item.fullname;
  const post = /\/comments\/([0-9a-z]{1,16})\//.exec(item.permalink)?.[1];
  return post === undefined ? undefined : `t3_${post}`;
}

/** Reddit as one source among the others: its item in the shape storage takes. */
export const redditSourceItem = (item: RedditItem): SourceItem => ({
  source: 'reddit',
  id: item.fullname,
  kind: item.kind,
  community: item.subreddit,
  title: item.title,
  body: item.body,
  permalink: item.permalink,
  author: item.author,
  score: item.score,
  commentCount: item.commentCount,
  createdAt: item.createdAt,
  removed: item.removed,
  nsfw: item.nsfw,
  threadId: redditThreadOf(item),
  parentId: item.parentId,
});

/** Back from storage's shape: what a Reddit score candidate keeps for its re-checks. */
export const redditItemOf = (item: SourceItem): RedditItem => ({
  fullname: item.id,
  kind: item.kind,
  subreddit: item.community,
  title: item.title,
  body: item.body,
  permalink: item.permalink,
  author: item.author,
  score: item.score ?? 0,
  commentCount: item.commentCount,
  createdAt: item.createdAt,
  removed: item.removed,
  nsfw: item.nsfw,
});
