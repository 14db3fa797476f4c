// The relevance area: thumbs up and down on mentions, a classifier per alert trained on them
// in the worker, and the scores that hide a keyword's likely irrelevant mentions when they are
// stored (decision 014).
export { createRelevanceJobs, type RelevanceJobName } from './jobs';
export { relevanceRoutes } from './routes';
export { createModelCache, type ModelCache } from './model-cache';
export { scoreNewMentions } from './scoring';
export { createRelevanceService, type RelevanceService } from './service';
