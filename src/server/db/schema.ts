// The database schema, one module per area; drizzle-kit reads it all through this file.
export * from './schema/core';
export * from './schema/billing';
export * from './schema/email';
export * from './schema/ingestion';
export * from './schema/channels';
export * from './schema/feeds';
export * from './schema/exclusions';
export * from './schema/relevance';
export * from './schema/secrets';
export * from './schema/limits';
export * from './schema/sources';
export * from './schema/workspaces';
export * from './schema/api-keys';
export * from './schema/identities';
export * from './schema/analytics';
