import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { asWebWork } from '../db/priority-gate';
import { ServiceBusyError } from './errors';
import { waitInWords } from '../lib/wait-in-words';

/** How often the database wait is measured. */
const DB_PROBE_INTERVAL_MS = 500;

/**
 * What a 503 would not help: the probes of a load balancer, the web app's files (a page that
 * does not load cannot show "try again"), and long-lived streams, which hold no database
 * connection while they wait.
 */
function exempt(request: FastifyRequest) {
  const path = request.url.split('?')[0];
  if (path === '/healthz' || path === '/readyz') return true;
  if (path !== '/api' && !path.startsWith('/api/')) return true;
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * True while a query from the web side gets an answer within `maxWaitMs` and no listing is
 * behind. The query is a `select 1` run as web work, so it queues where a request's queries
 * would (behind the worker on the embedded database, for a pooled connection on PostgreSQL);
 * past the limit the check answers false without waiting for it to come back.
 */
export function databaseWaitCheck(
  ping: () => Promise<void>,
  maxWaitMs: number,
  ingestionBehind?: () => Promise<boolean>,
) {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), maxWaitMs);
    });
    const answered = Promise.all([asWebWork(ping), ingestionBehind?.()]).then(
      ([, behind]) => behind !== true,
      () => false,
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Sheds API load before ingestion feels it (decision record 023): while the event loop lags,
 * the database keeps web queries waiting or a listing is behind, API requests get a 503 with
 * Retry-After at once instead of queueing. Every request also runs as web work, behind the
 * worker at the database.
 */
export async function installLoadShedding(
  app: FastifyInstance,
  options: {
    config: Config;
    ping: () => Promise<void>;
    /** Whether a Reddit listing is behind (ingestion needs the machine); none without OAuth. */
    ingestionBehind?: () => Promise<boolean>;
  },
) {
  const { maxEventLoopDelayMs, maxDbWaitMs, retryAfterSeconds } = options.config.shedding;
  app.addHook('onRequest', (_request, _reply, done) => asWebWork(done));
  const busy = `Earshot is busy right now. Please try again in ${waitInWords(retryAfterSeconds)}.`;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: retryAfterSeconds,
    ...(maxDbWaitMs > 0
      ? {
          healthCheck: databaseWaitCheck(options.ping, maxDbWaitMs, options.ingestionBehind),
          healthCheckInterval: DB_PROBE_INTERVAL_MS,
        }
      : {}),
    // Thrown from here, the refusal goes through the one error handler: the usual envelope.
    pressureHandler: async (request) => {
      if (exempt(request)) return;
      throw new ServiceBusyError(busy, retryAfterSeconds);
    },
  });
}
