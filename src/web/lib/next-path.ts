/**
 * Where to go after signing in: the `next` parameter a protected page put on the sign-in links,
 * kept only when it is a path of this origin (no open redirect through `?next=//evil.example`)
 * and not a sign-in page itself.
 */
export function safeNextPath(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || ['/auth', '/landing'].includes(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `next` added to its query, when there is one. */
export function withNext(path: string, next: string | undefined) {
  if (!next) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
