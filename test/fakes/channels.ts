import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request one of the fake platforms received. */
export type ReceivedRequest = {
  platform: 'slack' | 'discord' | 'telegram' | 'ntfy' | 'webhook';
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
  at: number;
};

/** An answer to script: a status, headers and body, or `hang` (never answer: a timeout). */
export type ScriptedAnswer =
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | { hang: true }
  /** A 200 whose body is `hugeBytes` long, streamed (a 50 MB answer). */
  | { hugeBytes: number };

/**
 * Slack, Discord, Telegram, ntfy and a Standard Webhooks receiver on one loopback port, each
 * answering as the platform does (Slack `ok` as text, Discord 204, the Bot API's JSON, ntfy's
 * message JSON) and checking what the platform checks (Slack's `text` or `blocks`, Discord's
 * 10 embeds and 6,000 characters, Telegram's 4,096 characters and chat ids). Answers can be
 * scripted per path prefix, in order, to play errors: Slack's `no_service`, Discord's 429 with
 * `retry_after`, Telegram's "chat not found", a 410, a 503, a request that never answers.
 *
 * Paths: /slack/services/…, /discord/api/webhooks/…, /telegram/bot<token>/sendMessage,
 * /ntfy/<topic>, /hook/<name>. Telegram chat ids that start with 404 are "not found".
 */
export async function startFakeChannels() {
  const received: ReceivedRequest[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const platform = platformOf(path);
      if (!platform) {
        res.writeHead(404).end('not found');
        return;
      }
      received.push({ platform, path, headers: req.headers, body, json, at: Date.now() });
      const key = [...scripts.keys()].find((prefix) => path.startsWith(prefix));
      const scripted = key ? scripts.get(key)!.shift() : undefined;
      if (scripted) {
        if ('hang' in scripted) {
          hanging.add(res);
          return;
        }
        if ('hugeBytes' in scripted) {
          hanging.add(res);
          streamZeros(res, scripted.hugeBytes);
          return;
        }
        const send = () =>
          res.writeHead(scripted.status, scripted.headers).end(scripted.body ?? '');
        if (scripted.delayMs) setTimeout(send, scripted.delayMs);
        else send();
        return;
      }
      answer(platform, path, json, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    /** Requests received on paths starting with `prefix`. */
    at: (prefix: string) => received.filter((r) => r.path.startsWith(prefix)),
    /** The next requests on paths starting with `prefix` get these answers, in order. */
    script(prefix: string, ...answers: ScriptedAnswer[]) {
      scripts.set(prefix, [...(scripts.get(prefix) ?? []), ...answers]);
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeChannels = Awaited<ReturnType<typeof startFakeChannels>>;

/** Writes `bytes` of zeros as fast as the reader takes them (it may stop reading early). */
function streamZeros(res: http.ServerResponse, bytes: number) {
  const chunk = Buffer.alloc(64 * 1024);
  let left = bytes;
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
  const write = () => {
    while (left > 0 && !res.destroyed) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', write);
    }
    if (!res.destroyed) res.end();
  };
  res.on('error', () => {});
  write();
}

function platformOf(path: string): ReceivedRequest['platform'] | undefined {
  if (path.startsWith('/slack/')) return 'slack';
  if (path.startsWith('/discord/')) return 'discord';
  if (path.startsWith('/telegram/')) return 'telegram';
  if (path.startsWith('/ntfy/')) return 'ntfy';
  if (path.startsWith('/hook/')) return 'webhook';
  return undefined;
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function answer(
  platform: ReceivedRequest['platform'],
  path: string,
  json: unknown,
  res: http.ServerResponse,
) {
  const body = (json ?? {}) as Record<string, unknown>;
  switch (platform) {
    case 'slack': {
      // Slack's incoming webhooks answer in plain text.
      const blocks = Array.isArray(body.blocks)
        ? (body.blocks as { text?: { text?: string } }[])
        : [];
      if (!body.text && blocks.length === 0) return res.writeHead(400).end('no_text');
      if (blocks.length > 50) return res.writeHead(400).end('invalid_blocks');
      if (blocks.some((b) => (b.text?.text?.length ?? 0) > 3000)) {
        return res.writeHead(400).end('invalid_blocks');
      }
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
    case 'discord': {
      const embeds = Array.isArray(body.embeds) ? (body.embeds as Record<string, unknown>[]) : [];
      if (!body.content && embeds.length === 0) {
        return sendJson(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      }
      const total = embeds.reduce(
        (n, e) =>
          n +
          String(e.title ?? '').length +
          String(e.description ?? '').length +
          String((e.footer as { text?: string } | undefined)?.text ?? '').length,
        0,
      );
      if (embeds.length > 10 || total > 6000) {
        return sendJson(res, 400, { message: 'Invalid Form Body', code: 50035 });
      }
      return res.writeHead(204).end();
    }
    case 'telegram': {
      if (!/^\/telegram\/bot\d+:[A-Za-z0-9_-]+\/sendMessage$/.test(path)) {
        return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      }
      const text = String(body.text ?? '');
      if (String(body.chat_id ?? '').startsWith('404')) {
        return sendJson(res, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: chat not found',
        });
      }
      if (text.length === 0 || text.length > 4096) {
        return sendJson(res, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: message is too long',
        });
      }
      return sendJson(res, 200, {
        ok: true,
        result: { message_id: 1, chat: { id: body.chat_id }, text },
      });
    }
    case 'ntfy':
      return sendJson(res, 200, {
        id: 'abc123',
        time: Math.floor(Date.now() / 1000),
        event: 'message',
        topic: path.split('/')[2],
      });
    case 'webhook':
      return res.writeHead(200).end();
  }
}
