import WebSocket from 'ws';
import type { SourceItem } from '../source-item';
import { toJetstreamEvent } from './events';

/** What the reader hands over at once, to be stored in one transaction with its cursor. */
export type JetstreamBatch = {
  items: SourceItem[];
  /** at:// URIs of deleted posts. */
  deletes: string[];
  /** Handles learned from identity events, by DID. */
  handles: Map<string, string>;
  /** `time_us` of the last event in the batch: where to resume once it is stored. */
  cursorUs: number;
};

export type JetstreamStatus = {
  connected: boolean;
  lastEventAt: Date | null;
  cursorUs: number | null;
  reconnects: number;
  /** Frames passed over because they were not Jetstream's shape or too large. */
  unreadable: number;
  lastError: string | null;
};

export type JetstreamReaderOptions = {
  url: string;
  now: () => Date;
  /** The cursor stored with the last mentions Bluesky produced, if any. */
  loadCursor: () => Promise<number | undefined>;
  /** Stores a batch; the reader resumes after it only once this resolves. */
  onBatch: (batch: JetstreamBatch) => Promise<void>;
  batchSize?: number;
  batchMs?: number;
  /** No frame for this long: the connection has stalled, reconnect. */
  stallMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Seconds before the stored cursor a reconnect resumes from (replays are dropped by URI). */
  replaySeconds?: number;
  /** Largest frame read; a larger one is counted and passed over. */
  maxFrameBytes?: number;
};

const RECENT_URIS = 50_000;

/**
 * One Jetstream connection: frames become batches of posts, deletes and handles, handed to
 * `onBatch` with the socket paused, so a slow database slows the stream instead of filling
 * memory. A close, an error or a stall reconnects with backoff from the last stored cursor
 * minus `replaySeconds`; events replayed from that overlap are dropped by URI.
 */
export function createJetstreamReader(options: JetstreamReaderOptions) {
  const {
    batchSize = 500,
    batchMs = 200,
    stallMs = 30_000,
    backoffMs = 1000,
    maxBackoffMs = 30_000,
    replaySeconds = 5,
    maxFrameBytes = 1_000_000,
  } = options;
  const status: JetstreamStatus = {
    connected: false,
    lastEventAt: null,
    cursorUs: null,
    reconnects: 0,
    unreadable: 0,
    lastError: null,
  };
  const recent = new RecentSet(RECENT_URIS);
  let stopped = false;
  let socket: WebSocket | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  const endpoint = (cursorUs: number | undefined) => {
    const url = new URL(options.url);
    url.searchParams.set('wantedCollections', 'app.bsky.feed.post');
    if (cursorUs !== undefined)
      url.searchParams.set('cursor', String(cursorUs - replaySeconds * 1_000_000));
    return url.toString();
  };

  /** One connection's life: resolves when it closes, for whatever reason. */
  function connectOnce(cursorUs: number | undefined) {
    return new Promise<void>((resolve) => {
      const ws = new WebSocket(endpoint(cursorUs), { maxPayload: 64 * 1024 * 1024 });
      socket = ws;
      let batch = emptyBatch();
      let flushing = Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      let stall: NodeJS.Timeout | undefined;
      const armStall = () => {
        clearTimeout(stall);
        stall = setTimeout(() => {
          status.lastError = `Bluesky sent nothing for ${Math.round(stallMs / 1000)} s`;
          ws.terminate();
        }, stallMs);
      };
      const flush = () => {
        clearTimeout(timer);
        timer = undefined;
        const full = batch;
        batch = emptyBatch();
        if (full.cursorUs === 0) return;
        ws.pause();
        flushing = flushing
          .then(() => options.onBatch(full))
          .then(() => {
            status.cursorUs = full.cursorUs;
            for (const item of full.items) recent.add(item.id);
          })
          .catch((error: Error) => {
            // Not stored: reconnect from the last stored cursor, so the batch comes again.
            status.lastError = `Storing Bluesky posts failed: ${error.message}`;
            ws.terminate();
          })
          .finally(() => ws.resume());
      };
      ws.on('open', () => {
        status.connected = true;
        armStall();
      });
      ws.on('message', (data: Buffer, isBinary) => {
        armStall();
        status.lastEventAt = options.now();
        if (isBinary || data.length > maxFrameBytes) {
          status.unreadable++;
          return;
        }
        const event = toJetstreamEvent(data.toString('utf8'), options.now());
        if (event.type === 'unreadable') {
          status.unreadable++;
          return;
        }
        batch.cursorUs = event.timeUs;
        if (event.type === 'post' && !recent.has(event.item.id)) batch.items.push(event.item);
        else if (event.type === 'delete') batch.deletes.push(event.uri);
        else if (event.type === 'identity') batch.handles.set(event.did, event.handle);
        if (batch.items.length >= batchSize) flush();
        else timer ??= setTimeout(flush, batchMs);
      });
      ws.on('error', (error) => {
        status.lastError = `Bluesky connection failed: ${error.message}`;
      });
      ws.on('close', () => {
        clearTimeout(stall);
        clearTimeout(timer);
        status.connected = false;
        // Whatever arrived and was not stored comes again from the stored cursor.
        void flushing.then(() => resolve());
      });
    });
  }

  async function run() {
    let failures = 0;
    // With nothing stored yet, Earshot hears from its first start on: a reconnect before the
    // first batch is stored resumes from then, not from live.
    const firstStartUs = options.now().getTime() * 1000;
    while (!stopped) {
      const stored = status.cursorUs ?? (await options.loadCursor()) ?? firstStartUs;
      const before = status.lastEventAt;
      await connectOnce(stored);
      if (stopped) break;
      status.reconnects++;
      failures = status.lastEventAt !== before ? 0 : failures + 1;
      const wait = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(failures, 10));
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, wait);
      });
    }
  }

  return {
    start() {
      stopped = false;
      loop ??= run().finally(() => (loop = undefined));
    },
    async stop() {
      stopped = true;
      socket?.terminate();
      wake?.();
      await loop;
    },
    status: (): JetstreamStatus => ({ ...status }),
  };
}

const emptyBatch = (): JetstreamBatch => ({
  items: [],
  deletes: [],
  handles: new Map(),
  cursorUs: 0,
});

/** The last `size` URIs stored: a replay after reconnecting is dropped here. */
class RecentSet {
  private uris = new Set<string>();
  constructor(private readonly size: number) {}
  has(uri: string) {
    return this.uris.has(uri);
  }
  add(uri: string) {
    this.uris.add(uri);
    if (this.uris.size > this.size) this.uris.delete(this.uris.values().next().value!);
  }
}
