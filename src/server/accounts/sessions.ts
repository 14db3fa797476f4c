import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'earshot_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry without a write per request: extend at most once a day.
export const SESSION_EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** A random 256-bit token for the cookie; only its SHA-256 is stored. */
export function newSessionToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sessionIdOf(token) };
}

export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');
