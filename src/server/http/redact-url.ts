/**
 * What a logged URL may not show: a URL is a credential wherever a token rides in it. The feed
 * URLs carry their secret in the path (`/api/feeds/<token>/atom`), the email links carry theirs
 * in the query (`/verify-email?token=…`, `/reset-password?token=…`, `/unsubscribe?token=…`), and
 * an API key (`esk_…`) may turn up anywhere a client puts it. One rule for all of them, so that
 * a new kind of link is covered by naming its parameter or prefix here.
 */
const SECRET_PARAMS = new Set(['token', 'key', 'api_key', 'secret', 'code', 'signature', 'feed']);
const API_KEY = /esk_[A-Za-z0-9_-]+/g;
const REDACTED = '[redacted]';

// The feeds' own routes that are not tokens: GET /api/feeds and POST /api/feeds/rotate.
const FEED_PATH = /^(\/api\/feeds\/)(?!rotate(?:$|[/?#]))([^/?#]+)/;

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const safePath = path.replace(FEED_PATH, `$1${REDACTED}`);
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = safeDecode(pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return (queryAt === -1 ? safePath : `${safePath}?${safeQuery}`).replace(
    API_KEY,
    `esk_${REDACTED}`,
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
