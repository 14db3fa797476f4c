import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactText, redactUrl } from './redact-url';

/**
 * The URL as the request log shows it: feed tokens, link tokens and keys redacted
 * (redact-url.ts, the rule every logged URL goes through).
 */
const loggedUrl = (request: FastifyRequest) => redactUrl(request.url);

/**
 * The logger's serializers (main.ts). `req`: Fastify's own, its URL redacted (Fastify logs
 * `req` on some error lines: a 5xx its default handler answers, a failed writeHead). `err`:
 * an error's message and stack may quote a URL (a failed query's parameters, a fetch).
 */
export const requestLogSerializers = {
  /** pino's own, with any URL or key in the message or stack redacted. */
  err: (error: Error) => {
    const serialized = pino.stdSerializers.err(error);
    // What is thrown need not be an Error (a fetch's cause, a plain object): pino then hands
    // it back as it is, with no message or stack to redact.
    if (typeof serialized?.message === 'string')
      serialized.message = redactText(serialized.message);
    if (typeof serialized?.stack === 'string') serialized.stack = redactText(serialized.stack);
    return serialized;
  },
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * One line per answered request, at info: method, URL, status, time taken and the request id
 * (`reqId`, bound to the request's logger). Fastify's own pair, "incoming request" then
 * "request completed", made two lines a request and buried the start-up line among them.
 * Fastify's other lines (errors, broken streams, refusals while closing) are left as they are,
 * and the error handler still logs each 5xx with its cause.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  /** The request's own line already says 404. */
  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: loggedUrl(request),
      statusCode: reply.statusCode,
      // Milliseconds to a tenth: the digits past it are noise to a reader.
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
