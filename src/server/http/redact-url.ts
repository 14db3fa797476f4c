/**
 * The one redaction rule for URLs that reach a log. A URL may carry a credential in three
 * places: a feed's token in its path (`/api/feeds/<token>/atom`), a query parameter of an
 * emailed link (`/reset-password?token=…`, `/verify-email?token=…`, `/unsubscribe?token=…`),
 * and a key written anywhere in it (`esk_…` API keys, `whsec_…` signing secrets). Each is
 * replaced by `[redacted]`; the rest of the URL stays as it was, so a log line still says which
 * page was asked for.
 */
export const REDACTED = '[redacted]';

/** Path segments that carry a credential: the segment after the prefix, but for these names. */
const SECRET_SEGMENTS: { prefix: string; keep: Set<string> }[] = [
  { prefix: '/api/feeds/', keep: new Set(['rotate']) },
];

/**
 * Query parameters whose value is a credential, by name in any case (`token`, `invite_token`,
 * `client_secret`, `api_key`…), but not filters that only look alike (`keyword`, `author`).
 */
const SECRET_PARAM = /token|secret|password|signature|api_?key|^key$|^code$|^sig$/i;

/** Keys recognisable by their prefix, wherever they appear. */
const PREFIXED_KEY = /\b(esk|whsec)_[A-Za-z0-9+=%_-]+/g;

function redactPath(path: string) {
  for (const { prefix, keep } of SECRET_SEGMENTS) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const end = rest.indexOf('/');
    const segment = end === -1 ? rest : rest.slice(0, end);
    if (segment && !keep.has(segment)) {
      return `${prefix}${REDACTED}${end === -1 ? '' : rest.slice(end)}`;
    }
  }
  return path;
}

function redactQuery(query: string) {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at === -1) return pair;
      let name = pair.slice(0, at);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, at)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request URL (path and query, as Fastify's `request.url`) with its secrets redacted. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q === -1 ? withoutHash : withoutHash.slice(0, q);
  const query = q === -1 ? undefined : withoutHash.slice(q + 1);
  const redacted = `${redactPath(path)}${query === undefined ? '' : `?${redactQuery(query)}`}`;
  return redacted.replace(PREFIXED_KEY, (_key, kind: string) => `${kind}_${REDACTED}`);
}

/** A path (after an origin, if any) inside free text: an error message, a stack. */
const PATH_IN_TEXT = /((?:https?:)?\/\/[^\s/'"`<>()]+)?(\/[^\s'"`<>()]*)/g;

/**
 * Free text (an error's message or stack) with every URL in it redacted by the same rule, and
 * prefixed keys wherever they stand.
 */
export function redactText(text: string): string {
  return text
    .replace(
      PATH_IN_TEXT,
      (_all, origin: string | undefined, path: string) => `${origin ?? ''}${redactUrl(path)}`,
    )
    .replace(PREFIXED_KEY, (_key, kind: string) => `${kind}_${REDACTED}`);
}
