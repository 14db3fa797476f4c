import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddressReason, TargetRefusedError } from './ssrf';

/** One POST a sender wants made. */
export type OutgoingRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
};

/**
 * What a target did with a POST. `answered`: it sent a status (the body read to at most
 * BODY_LIMIT). `failed`: no answer (timeout, refused connection, a refused address, or a
 * request Node would not build: `invalid`, e.g. a stored token with a character a header
 * cannot carry).
 */
export type HttpAnswer =
  | { kind: 'answered'; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { kind: 'failed'; reason: 'timeout' | 'network' | 'refused' | 'invalid'; message: string };

export const SEND_TIMEOUT_MS = 10_000;
export const BODY_LIMIT = 64 * 1024;

/**
 * POSTs through the SSRF guard: no redirect is followed (a 3xx is an answer like any other,
 * which the caller counts as a failure), the whole exchange is cut at 10 s, and the answer's
 * body is read to 64 KB at most (a 50 MB answer costs 64 KB).
 */
export function post(
  request: OutgoingRequest,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<HttpAnswer> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ kind: 'failed', reason: 'refused', message: 'invalid URL' });
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
    return Promise.resolve({ kind: 'failed', reason: 'refused', message: 'not an https URL' });
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal)) {
    const reason = refusedAddressReason(literal);
    if (reason) {
      return Promise.resolve({ kind: 'failed', reason: 'refused', message: `${reason}` });
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<HttpAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'user-agent': 'Earshot-Webhooks/1.0',
          'content-length': Buffer.byteLength(request.body).toString(),
          ...request.headers,
        },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            kind: 'answered',
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= BODY_LIMIT) return;
          chunks.push(chunk.subarray(0, BODY_LIMIT - size));
          size += chunk.length;
          if (size >= BODY_LIMIT) {
            // Enough to classify the answer: the rest is not read.
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      finish({
        kind: 'failed',
        reason: 'timeout',
        message: `no answer within ${timeoutMs / 1000} s`,
      });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => {
      finish(
        err instanceof TargetRefusedError
          ? { kind: 'failed', reason: 'refused', message: err.message }
          : { kind: 'failed', reason: 'network', message: networkMessage(err) },
      );
    });
    req.end(request.body);
    // Node throws while building a request it cannot send (a header value with a character
    // outside Latin-1 or a line break): an answer like any failure, never a thrown error that
    // would leave a delivery leased or a "Send test" answering 500.
  }).catch(unsendable);
}

/**
 * The answer for a request that could not be built or sent at all. Node's messages name the
 * header, never its value: safe to store and show.
 */
export function unsendable(err: unknown): HttpAnswer {
  const { code, message } = err as { code?: string; message?: string };
  return {
    kind: 'failed',
    reason: 'invalid',
    message:
      code === 'ERR_INVALID_CHAR'
        ? `the channel's settings cannot be sent (${message ?? 'invalid header'})`
        : `the request could not be made (${code ?? 'an internal error'})`,
  };
}

function networkMessage(err: Error & { code?: string }) {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    default:
      return err.code ? `network error (${err.code})` : 'network error';
  }
}
