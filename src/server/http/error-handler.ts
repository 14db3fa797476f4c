import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope as Envelope } from '@shared/api/errors';
import { AppError } from './errors';

const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body length does not match Content-Length'],
};

/** "1 MB", "100 KB": a body limit as the 413 states it. */
export function formatByteLimit(bytes: number) {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The one error handler: typed errors keep their text, anything unexpected becomes a bare 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        details[field] ??= issue.message ?? 'is invalid';
      }
      const [field, message] = Object.entries(details)[0];
      const where = error.validationContext === 'params' ? 'path' : error.validationContext;
      const body: Envelope = {
        message:
          field === 'body'
            ? `Invalid request ${where}: ${message}`
            : `Invalid ${field}: ${message}`,
        details,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      // A 5xx of our own (Stripe or the mail server failing) is an incident: log it with its
      // cause; the answer keeps only the message written for the user.
      // Shedding load (503) is the server working as intended, not an incident.
      if (error.statusCode >= 500 && error.statusCode !== 503) {
        request.log.error({ err: error }, `answered ${error.statusCode}: ${error.message}`);
      }
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', error.retryAfterSeconds);
      }
      const body: Envelope = { message: error.message };
      if (error.details) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Routes set their own limits (the Stripe webhook takes 1 MB): name the one that applied.
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
      const message = limit
        ? `Request body is larger than ${formatByteLimit(limit)}`
        : 'Request body is too large';
      return reply.status(413).send({ message } satisfies Envelope);
    }
    const known = error.code ? fastifyMessages[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] } satisfies Envelope);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message } satisfies Envelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
