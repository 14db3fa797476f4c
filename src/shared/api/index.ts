export * from './alerts';
export * from './auth';
export * from './digests';
export * from './errors';
export * from './plans';
export * from './stats';
export * from './subreddits';
