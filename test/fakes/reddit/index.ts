/**
 * A fake Reddit API on loopback that speaks Reddit's real wire shapes (OAuth token endpoint,
 * listings with before/after paging, /api/info, search, rate-limit headers, recorded errors),
 * plus a /_fake/ control API for tests and benchmarks in other processes.
 */
export { startFakeReddit } from './server';
export { defaultSubreddits } from './firehose';
export type {
  FakeReddit,
  FakeRedditOptions,
  FaultKind,
  FaultRule,
  FirehoseOptions,
  ItemLogEntry,
  NewComment,
  NewPost,
  RecordedRequest,
  RedditItem,
  RedditKind,
} from './types';
