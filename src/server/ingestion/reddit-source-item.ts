import type { RedditItem } from '../reddit';
import type { SourceItem } from '../sources';

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
