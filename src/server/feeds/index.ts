// The feeds area: each user's mentions as Atom and JSON Feed at secret, revocable URLs.
export { feedRoutes, publicFeedRoutes } from './routes';
export { createFeedService, type FeedService } from './service';
export { sealStoredFeedTokens } from './repo';
