import type { FastifyInstance } from 'fastify';

/** Request bodies and connection handling shared by every route. */
export function installTransport(app: FastifyInstance) {
  // The API speaks JSON only; anything else is a 415 rather than a string the schemas reject.
  app.removeContentTypeParser('text/plain');
  // Bodiless writes (logout, delete) may still carry a JSON content type, as the spec's client
  // sends one on every write: an empty body is "no body", not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

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
