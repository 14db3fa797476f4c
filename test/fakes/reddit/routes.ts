import { listingJson, merge, page } from './listing';
import { search, searchTerms } from './search';
import type { Store } from './store';
import { errorReply, jsonReply, type Reply } from './reply';
import type { RedditKind } from './types';

export interface RouteContext {
  store: Store;
  listingWindow: number;
  clock: () => number;
}

/** Reddit paths come with or without `.json` and a trailing slash. */
export function normalizePath(path: string): string {
  return (
    path
      .replace(/\/+$/, '')
      .replace(/\.json$/, '')
      .replace(/\/+$/, '') || '/'
  );
}

/** The Reddit API (everything but the token endpoint), for an authorised GET. */
export function redditRoute(ctx: RouteContext, path: string, query: URLSearchParams): Reply {
  if (path === '/api/info') return info(ctx, query);
  if (path === '/search') return searchRoute(ctx, undefined, query);
  const match = /^\/r\/([^/]+)\/(new|comments|search)$/i.exec(path);
  if (!match) return errorReply(404, 'Not Found');
  const subKeys = decodeURIComponent(match[1]).toLowerCase().split('+').filter(Boolean);
  for (const subKey of subKeys) {
    const status = ctx.store.forbidden.get(subKey);
    if (status === 403) return jsonReply(403, QUARANTINED_BODY);
    if (status === 404) return errorReply(404, 'Not Found');
  }
  const action = match[2].toLowerCase();
  if (action === 'search') return searchRoute(ctx, subKeys, query);
  return listing(ctx, action === 'new' ? 't3' : 't1', subKeys, query);
}

function listing(ctx: RouteContext, kind: RedditKind, subKeys: string[], query: URLSearchParams) {
  const { store, listingWindow } = ctx;
  const isAll = subKeys.includes('all') || subKeys.includes('popular');
  const array =
    isAll || subKeys.length === 1
      ? store.listing(kind, isAll ? 'all' : subKeys[0])
      : merge(
          [...new Set(subKeys)].map((subKey) => store.listing(kind, subKey)),
          listingWindow,
        );
  const lookup = (name: string) => store.byName.get(name);
  const result = page(array, listingWindow, pageQuery(query), lookup);
  return jsonReply(200, listingJson(result.items, result.after, 'listing', lookup));
}

function searchRoute(ctx: RouteContext, subKeys: string[] | undefined, query: URLSearchParams) {
  const restrict = subKeys && !subKeys.includes('all') && isTrue(query.get('restrict_sr'));
  const result = search(
    ctx.store.everyPost(),
    {
      terms: searchTerms(query.get('q') ?? ''),
      t: query.get('t') ?? 'all',
      limit: limitOf(query),
      after: query.get('after') ?? undefined,
      subKeys: restrict ? new Set(subKeys) : undefined,
      excluded: ctx.store.forbidden,
    },
    ctx.clock(),
  );
  const lookup = (name: string) => ctx.store.byName.get(name);
  return jsonReply(200, listingJson(result.items, result.after, 'listing', lookup, 'facets'));
}

function info(ctx: RouteContext, query: URLSearchParams): Reply {
  const ids = (query.get('id') ?? '').split(',').filter(Boolean);
  if (ids.length > 100) return errorReply(400, 'Bad Request');
  const lookup = (name: string) => ctx.store.byName.get(name);
  // A deleted item, or one of a private, quarantined or banned subreddit (Reddit gives outsiders
  // nothing of those), is simply missing from the answer. Held and removed items are answered
  // [removed]; unlisted ones normally.
  const items = ids
    .filter((id) => !ctx.store.deleted.has(id))
    .map(lookup)
    .filter((item) => item !== undefined)
    .filter((item) => !ctx.store.forbidden.has(item.subKey));
  return jsonReply(200, listingJson(items, null, 'info', lookup, 'none'));
}

function pageQuery(query: URLSearchParams) {
  return {
    limit: limitOf(query),
    before: query.get('before') || undefined,
    after: query.get('after') || undefined,
  };
}

function limitOf(query: URLSearchParams): number {
  const limit = Number.parseInt(query.get('limit') ?? '', 10);
  return Number.isFinite(limit) && limit >= 1 ? Math.min(limit, 100) : 25;
}

function isTrue(value: string | null): boolean {
  return value === '1' || value === 'true' || value === 'on';
}

// The shape of errors/403-quarantined-subreddit-new.json, with a neutral message.
const QUARANTINED_BODY =
  '{"reason": "quarantined", "quarantine_message_html": "\\u003C!-- SC_OFF --\\u003E\\u003Cdiv class=\\"md\\"\\u003E\\u003Cp\\u003EThis community is quarantined.\\u003C/p\\u003E\\n\\u003C/div\\u003E\\u003C!-- SC_ON --\\u003E", "message": "Forbidden", "quarantine_message": "This community is quarantined.", "error": 403}';
