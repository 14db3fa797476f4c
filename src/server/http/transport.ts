import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors';

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, path || 'body') ?? findNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/** Request bodies and connection handling shared by every route. */
export function installTransport(app: FastifyInstance) {
  // The API speaks JSON only; anything else is a 415 rather than a string the schemas reject.
  app.removeContentTypeParser('text/plain');
  // Bodiless writes (logout, delete) may still carry a JSON content type, as the original client
  // sends one on every write: an empty body is "no body", not a 400. See
  // docs/product.md §6 (API conventions).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  // A NUL character anywhere in the input is refused before any route sees it: PostgreSQL
  // cannot store it, and no field of ours has a use for it.
  app.addHook('preValidation', async (request) => {
    for (const value of [request.body, request.query, request.params]) {
      const field = findNul(value);
      if (field) {
        throw new ValidationError(`Invalid ${field}: must not contain NUL characters`, {
          [field]: 'Must not contain NUL characters',
        });
      }
    }
  });

  // While shutting down, answer in-flight requests with `Connection: close` so keep-alive
  // sockets do not hold the process open for Fastify's 72 s keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
