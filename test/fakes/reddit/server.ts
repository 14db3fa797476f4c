import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVALID_TOKEN_HEADERS, errorReply, jsonReply, type Reply } from './reply';
import { Tokens, UNAUTHORIZED_BODY } from './auth';
import { controlRoute, UnknownItem, type ControlTarget } from './control';
import { ItemFactory } from './factory';
import { faultReply, Faults, truncate, type Endpoint } from './faults';
import { atomFeed } from './feed';
import { createFeedGate } from './feed-gate';
import { DEFAULT_FIXTURES_DIR, loadFixtureItems } from './fixtures';
import { Firehose } from './firehose';
import { logEntry, renderData, type StoredItem } from './items';
import { Random } from './random';
import { RateLimiter, tooManyRequestsHtml } from './rate-limit';
import { merge } from './listing';
import { normalizePath, redditRoute } from './routes';
import { Store } from './store';
import { RequestSummary } from './summary';
import type {
  FakeReddit,
  FakeRedditOptions,
  ItemLogEntry,
  RecordedRequest,
  RedditItem,
} from './types';

const TOKEN_PATH = '/api/v1/access_token';
const FEED_PATH = /^\/r\/([^/]+)\/(new|comments)\/?\.rss$/i;
/** Entries per feed page (Reddit's feeds take `limit` up to 100). */
const FEED_ENTRIES = 100;

/** Starts the fake Reddit (OAuth, API and /_fake/ control endpoints) on 127.0.0.1. */
export async function startFakeReddit(options: FakeRedditOptions = {}): Promise<FakeReddit> {
  const clock = options.clock ?? Date.now;
  const random = new Random(options.seed ?? 20_210_118);
  const store = new Store();
  const factory = new ItemFactory(store, random, clock, options.randomCommentIds);
  const firehose = new Firehose(factory, random, store, clock);
  const faults = new Faults();
  const summary = new RequestSummary();
  const listingWindow = options.listingWindow ?? 1000;
  const tokens = new Tokens(
    {
      clientId: options.clientId ?? 'fake-client-id',
      clientSecret: options.clientSecret ?? 'fake-client-secret',
      extraClients: options.extraClients ?? {},
      username: options.username ?? 'fake-user',
      password: options.password ?? 'fake-pass',
      tokenTtlSeconds: options.tokenTtlSeconds ?? 86_400,
    },
    random,
    clock,
  );
  const limits =
    options.rateLimit === undefined ? { limit: 1000, windowSeconds: 600 } : options.rateLimit;
  const rateLimiter = limits && new RateLimiter(limits.limit, limits.windowSeconds, clock(), clock);
  const feedGate = createFeedGate(options, clock);
  if (options.fixtures === 'recent') {
    for (const item of loadFixtureItems(options.fixturesDir ?? DEFAULT_FIXTURES_DIR, clock())) {
      store.insert(item);
    }
  }

  const requests: RecordedRequest[] = [];
  const entries: ItemLogEntry[] = [];
  const lines: string[] = [];
  const itemLog = () => {
    // The log only grows, so entries and their JSON lines are built once, on first read.
    for (let i = entries.length; i < store.log.length; i++) {
      entries.push(logEntry(store.log[i]));
      lines.push(JSON.stringify(entries[i]));
    }
    return { entries, lines };
  };
  const toRedditItem = (item: StoredItem): RedditItem => ({
    kind: item.kind,
    data: JSON.parse(
      renderData(item, 'listing', item.linkId ? store.byName.get(item.linkId) : undefined),
    ) as RedditItem['data'],
  });
  const known = (fullname: string) => {
    const item = store.byName.get(fullname);
    if (!item) throw new UnknownItem(fullname);
    return item;
  };

  /** Reddit's answer to a non-control request, after any injected fault; undefined = never. */
  async function answer(req: IncomingMessage, path: string, query: URLSearchParams, body: string) {
    const endpoint: Endpoint = path === TOKEN_PATH ? 'token' : 'api';
    const fault = faults.take(path, endpoint);
    if (fault?.kind === 'timeout') {
      if (fault.delayMs === undefined) return undefined;
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    }
    const replaced = fault && faultReply(fault);
    if (replaced) return replaced;
    applyDueScores();
    const feed = FEED_PATH.exec(path);
    const reply = feed
      ? (feedGate(query) ?? feedReply(path, feed[1], feed[2]))
      : endpoint === 'token'
        ? tokenReply(req, body)
        : apiReply(req, path, query);
    return fault?.kind === 'truncated' ? truncate(reply) : reply;
  }

  /** Score changes scheduled for later (`setScore` with `afterMs`), applied when due. */
  const scheduledScores: { fullname: string; score: number; atMs: number }[] = [];
  function applyDueScores() {
    const now = clock();
    for (let i = scheduledScores.length - 1; i >= 0; i--) {
      const change = scheduledScores[i];
      if (change.atMs > now) continue;
      const item = store.byName.get(change.fullname);
      if (item) item.score = change.score;
      scheduledScores.splice(i, 1);
    }
  }

  function feedReply(path: string, subs: string, action: string): Reply {
    const now = clock();
    const subKeys = decodeURIComponent(subs).toLowerCase().split('+').filter(Boolean);
    for (const subKey of subKeys) {
      const status = store.forbidden.get(subKey);
      if (status) return { ...errorReply(status, status === 403 ? 'Forbidden' : 'Not Found') };
    }
    const kind = action.toLowerCase() === 'new' ? 't3' : 't1';
    const arrays = subKeys.map((subKey) => store.listing(kind, subKey));
    const newest = merge(arrays, listingWindow).slice(-FEED_ENTRIES).reverse();
    return atomFeed(path, newest, (name) => store.byName.get(name), now);
  }

  function tokenReply(req: IncomingMessage, body: string): Reply {
    if (req.method !== 'POST') return errorReply(404, 'Not Found');
    const result = tokens.issue(req.headers.authorization, new URLSearchParams(body));
    return jsonReply(result.status, result.body);
  }

  function apiReply(req: IncomingMessage, path: string, query: URLSearchParams): Reply {
    const clientId = tokens.check(req.headers.authorization);
    if (!clientId) return jsonReply(401, UNAUTHORIZED_BODY, INVALID_TOKEN_HEADERS);
    let limitHeaders: Record<string, string> = {};
    if (rateLimiter) {
      const taken = rateLimiter.take(clientId);
      if ('retryAfter' in taken) {
        return {
          status: 429,
          headers: {
            'content-type': 'text/html; charset=UTF-8',
            'retry-after': String(taken.retryAfter),
          },
          body: tooManyRequestsHtml(taken.retryAfter),
        };
      }
      limitHeaders = taken.headers;
    }
    const reply =
      req.method === 'GET'
        ? redditRoute({ store, listingWindow, clock }, path, query)
        : errorReply(404, 'Not Found');
    return { ...reply, headers: { ...reply.headers, ...limitHeaders } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = normalizePath(url.pathname);
    const body = await readBody(req);
    if (path.startsWith('/_fake/')) {
      write(res, controlRoute(fake, req.method ?? 'GET', path, url.searchParams, body));
      return;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: lowerCaseHeaders(req),
      status: 0,
      at: clock(),
    };
    requests.push(record);
    const reply = await answer(req, path, url.searchParams, body);
    if (!reply) return; // a timeout fault: the connection stays open until the client gives up
    record.status = reply.status;
    summary.count(record);
    write(res, reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake must show up in the test that hit it, not hang it.
      write(res, jsonReply(500, JSON.stringify({ message: String(error) })));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const fake: ControlTarget = {
    url: `http://127.0.0.1:${port}`,
    addPost: (p) => toRedditItem(factory.addPost(p)),
    addComment: (c) => toRedditItem(factory.addComment(c)),
    removeItem: (fullname) => store.remove(known(fullname).fullname),
    approve: (fullname) => store.approve(known(fullname).fullname),
    setScore: (fullname, score, afterMs) => {
      if (!Number.isInteger(score)) throw new Error(`score must be an integer, got ${score}`);
      known(fullname);
      if (afterMs) scheduledScores.push({ fullname, score, atMs: clock() + afterMs });
      else known(fullname).score = score;
    },
    deleteItem: (fullname) => store.delete(known(fullname).fullname),
    skipPostIds: (count) => factory.skipPostIds(count),
    startFirehose: (f) => firehose.start(f),
    stopFirehose: () => firehose.stop(),
    injectFaults: (rules) => faults.add(rules),
    clearFaults: () => faults.clear(),
    forbidSubreddit: (name, status) => store.forbid(name.toLowerCase(), status),
    optOutOfAll: (name) => store.optOutOfAll(name.toLowerCase()),
    requests,
    items: () => itemLog().entries.slice(),
    itemLog,
    summary: () => summary.toJSON(),
    stop: async () => {
      firehose.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function write(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  res.end(body);
}
