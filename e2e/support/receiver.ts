import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a loopback receiver was sent: one entry per request. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook (or Slack-like) target on loopback that keeps every request it gets and answers
 * each with `answer(path)`: [status, body]. Reaching it needs ALLOW_PRIVATE_WEBHOOKS.
 */
export async function startReceiver(answer: (path: string) => [number, string]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      const [status, said] = answer(path);
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(said);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
