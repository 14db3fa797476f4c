import { z } from 'zod';
import type { Clock } from '../clock';
import { RedditError } from './errors';
import type { HttpFetch } from './http';
import { sendRequest } from './http';

export type RedditCredentials = {
  clientId: string;
  clientSecret: string;
  /** With a personal "script" app: the password grant instead of app-only. */
  username?: string;
  password?: string;
};

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
const tokenErrorSchema = z.object({
  error: z.union([z.string(), z.number()]),
  error_description: z.string().optional(),
});

// Renew this long before Reddit's expiry, so that no request is sent with a dying token.
const RENEW_EARLY_MS = 5 * 60 * 1000;

/**
 * Fetches and caches the OAuth bearer token. `invalidate()` after a 401 makes the next `token()`
 * fetch a new one. The token endpoint has its own rate limit, so it is not paced by the budget.
 */
export function createTokenSource(deps: {
  credentials: RedditCredentials;
  authBase: string;
  userAgent: string;
  clock: Clock;
  fetch: HttpFetch;
  timeoutMs: number;
}) {
  const { credentials, clock } = deps;
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const form = new URLSearchParams(
      credentials.username && credentials.password
        ? {
            grant_type: 'password',
            username: credentials.username,
            password: credentials.password,
          }
        : { grant_type: 'client_credentials' },
    );
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      'base64',
    );
    const response = await sendRequest(deps.fetch, `${deps.authBase}/api/v1/access_token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': deps.userAgent,
      },
      body: form.toString(),
      timeoutMs: deps.timeoutMs,
      what: 'the token endpoint',
    });
    if (response.status === 401 || response.status === 403) {
      throw new RedditError(
        'auth',
        `Reddit answered ${response.status}: check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET`,
        response.status,
      );
    }
    const body = response.json();
    const refused = tokenErrorSchema.safeParse(body);
    if (refused.success && !tokenSchema.safeParse(body).success) {
      const code = String(refused.data.error);
      const hint =
        code === 'invalid_grant'
          ? 'check REDDIT_USERNAME and REDDIT_PASSWORD'
          : code === 'unauthorized_client'
            ? 'a password grant needs a "script" app; unset REDDIT_USERNAME for app-only access'
            : 'check the REDDIT_* credentials';
      const detail = refused.data.error_description ? ` (${refused.data.error_description})` : '';
      throw new RedditError('auth', `Reddit refused the credentials: ${code}${detail}; ${hint}`);
    }
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) {
      throw new RedditError('malformed', 'Reddit sent an unreadable token answer');
    }
    const expiresMs = parsed.data.expires_in * 1000;
    cached = {
      token: parsed.data.access_token,
      renewAt: clock.now().getTime() + Math.max(expiresMs - RENEW_EARLY_MS, expiresMs / 2),
    };
    return cached.token;
  };

  return {
    async token(): Promise<string> {
      if (cached && clock.now().getTime() < cached.renewAt) return cached.token;
      // One fetch at a time: concurrent callers share it.
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export type TokenSource = ReturnType<typeof createTokenSource>;
