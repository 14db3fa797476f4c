export { createHackerNewsClient, type HackerNewsClient } from './client';
export {
  createHackerNewsReader,
  START_CURSOR,
  type HackerNewsCursor,
  type HackerNewsRead,
} from './reader';
export { hackerNewsPermalink, toHackerNewsItem } from './items';
