import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequireUser } from '../http/current-user';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../http/errors';
import type { RateLimiterFactory } from '../http/rate-limiter';
import type { ApiKeyScope } from '@shared/api/api-keys';
import type { ApiKeyService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a public API request came with (null on the web app's routes). */
    apiKey: { id: number; scope: ApiKeyScope } | null;
  }
}

/** Query parameters a client might put a key in; any `esk_` in the URL counts too. */
const KEY_IN_URL = /[?&](?:api_?key|key|access_token|token|bearer)=|(?:^|[^A-Za-z0-9])esk_/i;

const MISSING_KEY = 'Send an API key as "Authorization: Bearer esk_…" (Settings → API makes one)';

/**
 * The public API's onRequest hook (the API scope's, as requireUser is the session scope's):
 * the bearer key in, its holder as request.user and request.workspace out. No cookie is read,
 * so no Origin check is needed (security.ts). A key in the URL is refused before anything
 * else: URLs are logged and kept in histories (request logs redact it, redact-url.ts).
 */
export function createRequireApiKey(deps: {
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiterFactory;
  requestsPerMinute: number;
}): RequireUser {
  const limit = deps.rateLimiter({
    bucket: 'api-key',
    max: deps.requestsPerMinute,
    windowMs: 60_000,
    message: (wait) =>
      `This API key made more than ${deps.requestsPerMinute} requests in a minute. Please try again in ${wait}.`,
  });

  return async function requireApiKey(request: FastifyRequest, reply: FastifyReply) {
    if (KEY_IN_URL.test(request.url)) {
      throw new ValidationError(
        'Send the API key in the Authorization header, never in the URL. A key that was in a URL may be in logs and histories: revoke it in Settings → API and make a new one.',
      );
    }
    reply.header('www-authenticate', 'Bearer realm="earshot"');
    const header = request.headers.authorization;
    if (!header) throw new UnauthorizedError(MISSING_KEY);
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw new UnauthorizedError(MISSING_KEY);
    const holder = await deps.apiKeys.authenticate(match[1]);
    await limit.hit(String(holder.keyId));
    const access = request.routeOptions.config.access;
    if (holder.scope === 'read' && access !== 'viewer') {
      throw new ForbiddenError(
        'This API key can only read. Make a key with the write scope in Settings → API to change things.',
      );
    }
    reply.removeHeader('www-authenticate');
    request.apiKey = { id: holder.keyId, scope: holder.scope };
    request.user = holder.user;
    request.workspace = holder.workspace;
  };
}
