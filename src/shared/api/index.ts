export * from './alerts';
export * from './auth';
export * from './errors';
export * from './plans';
export * from './stats';
export * from './subscriptions';
export * from './subreddits';
export * from './ingestion';
