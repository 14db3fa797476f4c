import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors';

/** Deeper than this, a JSON body is refused: no API call of ours nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'nul'; field: string } | { kind: 'too-deep' } | undefined;

/**
 * One linear walk over parsed input (each value visited once, without recursion, so deep input
 * cannot overflow the stack): the path of the first string holding a NUL character, which
 * PostgreSQL text cannot store, or nesting deeper than MAX_INPUT_DEPTH. Raw bodies (a Buffer,
 * the webhook's) are bytes, not input of ours: they are not walked.
 */
export function findInputProblem(root: unknown): InputProblem {
  type Entry = { value: unknown; depth: number; key: string; parent?: Entry };
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let e: Entry | undefined = entry; e?.parent; e = e.parent) keys.push(e.key);
    return keys.reverse().join('.') || 'body';
  };
  const stack: Entry[] = [{ value: root, depth: 0, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const { value } = entry;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', field: pathOf(entry) };
      continue;
    }
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (entry.depth >= MAX_INPUT_DEPTH) return { kind: 'too-deep' };
    const children: Entry[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { kind: 'nul', field: pathOf(entry) };
      children.push({ value: item, depth: entry.depth + 1, key, parent: entry });
    }
    // Reversed so the first field is looked at first, as a reader would.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
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
  // cannot store it, and no field of ours has a use for it. Nesting past MAX_INPUT_DEPTH is
  // refused too: recursive code further on (schema validation, serialisers) would overflow.
  app.addHook('preValidation', async (request) => {
    for (const value of [request.body, request.query, request.params]) {
      const problem = findInputProblem(value);
      if (problem?.kind === 'too-deep') {
        throw new ValidationError(
          `Request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
        );
      }
      if (problem?.kind === 'nul') {
        throw new ValidationError(`Invalid ${problem.field}: must not contain NUL characters`, {
          [problem.field]: 'Must not contain NUL characters',
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
