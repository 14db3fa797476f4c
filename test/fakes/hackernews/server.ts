import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An item as the official API serves it (hacker-news.firebaseio.com/v0/item/{id}.json). */
export type HackerNewsApiItem = {
  id: number;
  type: 'story' | 'comment' | 'job' | 'poll' | 'pollopt';
  by?: string;
  time: number;
  text?: string;
  title?: string;
  url?: string;
  score?: number;
  descendants?: number;
  parent?: number;
  kids?: number[];
  deleted?: boolean;
  dead?: boolean;
};

export type HackerNewsFault = {
  /** Tested against the request path, e.g. `^/v0/maxitem` or `/item/12\\.json`. */
  match: string;
  kind: 'status' | 'timeout' | 'malformed';
  status?: number;
  times?: number;
};

/**
 * The Hacker News API on loopback, speaking its wire format: `/v0/maxitem.json` and
 * `/v0/item/{id}.json` (JSON `null` for an id not served yet). Ids count up as the real site's
 * do; an item can be held back (answering null below `maxitem`, as a not yet propagated item
 * does), and faults answer the next matching requests.
 */
export async function startFakeHackerNews(options: { firstId?: number } = {}) {
  const items = new Map<number, HackerNewsApiItem | string>();
  const heldBack = new Set<number>();
  /** Ids `/v0/updates.json` lists: items changed since they were first served. */
  const updated = new Set<number>();
  const faults: (HackerNewsFault & { left: number })[] = [];
  const requests: string[] = [];
  let maxId = options.firstId ?? 40_000_000;
  let maxOverride: number | undefined;
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push(path);
    const fault = faults.find((f) => f.left > 0 && new RegExp(f.match).test(path));
    if (fault) {
      fault.left--;
      if (fault.kind === 'timeout') return; // never answered: the client's time limit ends it
      if (fault.kind === 'malformed') return send(res, 200, '{"id": 12, "ty');
      return send(res, fault.status ?? 500, '');
    }
    if (path === '/v0/maxitem.json') return send(res, 200, String(maxOverride ?? maxId));
    if (path === '/v0/updates.json')
      return send(res, 200, JSON.stringify({ items: [...updated], profiles: [] }));
    const match = /^\/v0\/item\/(-?\d+)\.json$/.exec(path);
    if (!match) return send(res, 404, '{"error":"Permission denied"}');
    const id = Number(match[1]);
    const item = heldBack.has(id) ? undefined : items.get(id);
    send(
      res,
      200,
      item === undefined ? 'null' : typeof item === 'string' ? item : JSON.stringify(item),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const add = (item: Omit<HackerNewsApiItem, 'id' | 'time'> & { time?: number }) => {
    const full = { time: now(), ...item, id: ++maxId } as HackerNewsApiItem;
    items.set(full.id, full);
    if (full.parent) {
      const parent = items.get(full.parent);
      if (parent && typeof parent !== 'string') parent.kids = [...(parent.kids ?? []), full.id];
    }
    return full;
  };

  return {
    url,
    requests,
    addStory: (story: {
      title: string;
      text?: string;
      url?: string;
      by?: string;
      score?: number;
    }) => add({ type: 'story', by: 'pg', score: 1, descendants: 0, ...story }),
    addComment: (comment: { parent: number; text: string; by?: string; dead?: boolean }) =>
      add({ type: 'comment', by: 'dang', ...comment }),
    addItem: add,
    /** Changes a served item (a score, a comment count, a deletion) and lists it as updated. */
    update(id: number, fields: Partial<HackerNewsApiItem>) {
      const item = items.get(id);
      if (!item || typeof item === 'string') throw new Error(`no item ${id}`);
      Object.assign(item, fields);
      updated.add(id);
    },
    /** An id that answers this raw body (any JSON, or not JSON at all). */
    addRaw(body: string) {
      items.set(++maxId, body);
      return maxId;
    },
    /** An id served as `null` until released, as the real API does before an item propagates. */
    holdBack: (id: number) => void heldBack.add(id),
    release: (id: number) => void heldBack.delete(id),
    /** Serve this newest id instead of the real one (a cache that went backwards). */
    setMaxItem: (id: number | undefined) => void (maxOverride = id),
    injectFaults: (rules: HackerNewsFault[]) =>
      void faults.push(...rules.map((rule) => ({ ...rule, left: rule.times ?? 1 }))),
    clearFaults: () => void (faults.length = 0),
    get maxItem() {
      return maxId;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeHackerNews = Awaited<ReturnType<typeof startFakeHackerNews>>;
