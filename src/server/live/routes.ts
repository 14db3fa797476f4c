import { LIVE_EVENTS_PATH, type LiveEvent } from '@shared/api/live-events';
import type { FastifyRequest } from 'fastify';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { LiveEventBus } from './live-event-bus';

export type LiveRouteDeps = {
  bus: LiveEventBus;
  /**
   * Whether the request's session still stands (signed out elsewhere, expired, deleted) and
   * still works in `workspaceId` (a switch elsewhere ends the stream; the browser reconnects to
   * the new one).
   */
  sessionAlive: (request: FastifyRequest, workspaceId: number) => Promise<boolean>;
  /** A comment line this often keeps proxies from closing an idle stream; the session is
   * checked again each time. */
  heartbeatMs?: number;
};

/**
 * GET /api/events: a server-sent event stream of what changed for the signed-in user. The
 * private scope has checked the session; the stream ends when the session does (checked at
 * each heartbeat) or the browser goes away, and the browser's EventSource reconnects by itself.
 */
export function liveRoutes(app: PrivateScope, deps: LiveRouteDeps) {
  const heartbeatMs = deps.heartbeatMs ?? 20_000;
  const open = new Set<() => void>();
  // A closing server would wait for every open stream: end them first.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get(LIVE_EVENTS_PATH, { config: { access: 'viewer' } }, (request, reply) => {
    const workspace = currentWorkspace(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and its kind would otherwise hold events back to fill a buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // Where the browser reconnects after a drop: soon, but not in a tight loop.
    raw.write('retry: 3000\n\n');

    const write = (event: LiveEvent) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = deps.bus.subscribe(workspace.id, write);
    // Mentions stored just before the stream opened may have missed the page's first fetches:
    // the stream starts by saying so. Otherwise the page asks for nothing it just fetched.
    if (deps.bus.mentionsLately(workspace.id)) write({ type: 'mentions' });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      open.delete(end);
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    const heartbeat = setInterval(() => {
      raw.write(': heartbeat\n\n');
      deps.sessionAlive(request, workspace.id).then(
        (alive) => alive || end(),
        () => end(),
      );
    }, heartbeatMs);
    open.add(end);
    request.raw.on('close', end);
  });
}
