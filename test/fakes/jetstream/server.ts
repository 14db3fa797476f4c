import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type JetstreamFrame = Record<string, unknown> & { time_us: number };

/**
 * Bluesky's Jetstream on loopback: a WebSocket at `/subscribe` that sends JSON frames of its
 * shape, keeps every frame it sent, and replays from the `cursor` a client connects with (as the
 * real one does, from its buffer of recent events). Connections are recorded with their cursor.
 */
export async function startFakeJetstream() {
  const log: JetstreamFrame[] = [];
  const connections: { cursor: number | undefined; wanted: string | null }[] = [];
  const clients = new Set<WebSocket>();
  let lastUs = Date.now() * 1000;
  let rkeys = 0;
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/subscribe' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (ws, req) => {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    const cursor = params.has('cursor') ? Number(params.get('cursor')) : undefined;
    connections.push({ cursor, wanted: params.get('wantedCollections') });
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    if (cursor !== undefined) {
      for (const frame of log) if (frame.time_us >= cursor) ws.send(JSON.stringify(frame));
    }
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/subscribe`;
  const nextUs = () => (lastUs = Math.max(lastUs + 1, Date.now() * 1000));

  const emit = (frame: Omit<JetstreamFrame, 'time_us'>) => {
    const full = { ...frame, time_us: nextUs() } as JetstreamFrame;
    log.push(full);
    for (const ws of clients) ws.send(JSON.stringify(full));
    return full;
  };

  return {
    url,
    connections,
    get clients() {
      return clients.size;
    },
    post(did: string, text: string, reply?: { root: string; parent: string }) {
      const rkey = `3l${(++rkeys).toString(36).padStart(11, '0')}`;
      const record = {
        $type: 'app.bsky.feed.post',
        text,
        createdAt: new Date().toISOString(),
        langs: ['en'],
        ...(reply
          ? {
              reply: {
                root: { uri: reply.root, cid: 'x' },
                parent: { uri: reply.parent, cid: 'x' },
              },
            }
          : {}),
      };
      emit({
        did,
        kind: 'commit',
        commit: {
          rev: 'x',
          operation: 'create',
          collection: 'app.bsky.feed.post',
          rkey,
          record,
          cid: 'x',
        },
      });
      return { rkey, uri: `at://${did}/app.bsky.feed.post/${rkey}` };
    },
    deletePost(did: string, rkey: string) {
      emit({
        did,
        kind: 'commit',
        commit: { rev: 'y', operation: 'delete', collection: 'app.bsky.feed.post', rkey },
      });
    },
    identity(did: string, handle: string) {
      emit({
        did,
        kind: 'identity',
        identity: { did, handle, seq: 1, time: new Date().toISOString() },
      });
    },
    emit,
    /** Sends raw text (not JSON, or too large) to every client; not kept for replays. */
    sendRaw(text: string) {
      for (const ws of clients) ws.send(text);
    },
    /** Closes every connection abruptly, as a restart of the service does. */
    dropConnections() {
      for (const ws of clients) ws.terminate();
    },
    async stop() {
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeJetstream = Awaited<ReturnType<typeof startFakeJetstream>>;
