/**
 * The sites beyond Reddit (decision 028): each site's client, its reader (what is new since a
 * cursor) and the mapping of its items to the one shape matching and storage take. Knows no
 * storage: the worker's source jobs (ingestion/sources) store what the readers hand over.
 */
export { cleanText, MAX_BODY_CHARS, type SourceItem } from './source-item';
export { SourceError, type SourceErrorKind } from './source-error';
export { createJsonGetter, type JsonGetter } from './get-json';
export {
  createHackerNewsClient,
  createHackerNewsReader,
  START_CURSOR as HACKER_NEWS_START,
  type HackerNewsClient,
  type HackerNewsCursor,
  type HackerNewsRead,
  toHackerNewsItem,
} from './hackernews';
export {
  createLobstersReader,
  LOBSTERS_START,
  type LobstersCursor,
  type LobstersRead,
} from './lobsters';
export {
  createJetstreamReader,
  type JetstreamBatch,
  type JetstreamStatus,
} from './bluesky/jetstream-reader';
