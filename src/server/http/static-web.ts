import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
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
    // Files are found through webFiles; the plugin only sends them (reply.sendFile).
    await app.register(fastifyStatic, {
      root: webRoot,
      serve: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const findFile = webFiles(webRoot);
    app.get('/*', async (request, reply) => {
      const file = await findFile(request.url.split('?')[0]);
      if (file) return reply.sendFile(file);
      reply.callNotFound();
      return reply;
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

/**
 * The file under `root` a URL path names, spelled exactly as on disk, or undefined. Folder
 * listings are kept and read again only when a path names something they lack, so a rebuild
 * under a running server serves its new assets without a listing read per request (the
 * plugin's own lookup read every folder on the path for each asset).
 */
function webFiles(root: string) {
  const listings = new Map<string, Map<string, boolean>>();
  const list = async (folder: string, again: boolean) => {
    let names = listings.get(folder);
    if (!names || again) {
      const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(
        () => [],
      );
      names = new Map(entries.map((entry) => [entry.name, entry.isDirectory()]));
      listings.set(folder, names);
    }
    return names;
  };
  return async (pathname: string): Promise<string | undefined> => {
    const segments = pathname.split('/').slice(1);
    // Only a path as the files spell it: no empty, dot or backslashed segment, no encoding.
    if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\%]/.test(s))) return;
    let folder = '';
    for (const [i, segment] of segments.entries()) {
      const isFolder =
        (await list(folder, false)).get(segment) ?? (await list(folder, true)).get(segment);
      const last = i === segments.length - 1;
      if (isFolder === undefined || isFolder === last) return;
      folder = folder ? `${folder}/${segment}` : segment;
    }
    return folder;
  };
}
