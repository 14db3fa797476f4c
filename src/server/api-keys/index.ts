// The public API's keys: made and revoked in Settings → API, read by the API scope's guard.
export { apiKeyRoutes } from './routes';
export { createRequireApiKey } from './key-guard';
export { createApiKeyService, type ApiKeyService, MAX_KEYS_PER_WORKSPACE } from './service';
