import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA from dist/web with history fallback: any GET that is not an API call, an
 * asset or a file gets index.html. Unknown /api paths and missing assets are JSON 404s.
 */
export async function installWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // Looked up per request, so a rebuild under a running server serves the new assets.
      wildcard: true,
      index: 'index.html',
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing script must be a 404, not index.html served as JavaScript.
    const isAsset = pathname.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` });
  });
}
