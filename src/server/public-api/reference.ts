import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '@shared/api/api-keys';
import { API_TAGS } from './operations';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const DESCRIPTION = `Earshot's mentions, keywords and counts for your own systems and agents.

Make a key in **Settings → API** (read, or write to change things) and send it on every call as
\`Authorization: Bearer ${API_KEY_PREFIX}…\`, never in the URL. A key acts in the workspace it was
made in, for the admin who made it. Each key may make a limited number of requests a minute;
past it the answer is 429 with \`Retry-After\`. Errors are \`{ "message": "…", "details": { "field": "…" } }\`.

Agents: the same keys open the MCP server at \`/mcp\` (Streamable HTTP).`;

/**
 * zod's own conversion, without the type provider's default override: that one drops a
 * union's branches it sees empty, and it sees a branch with a transform (`assignee`: me, none
 * or a user id) empty before zod fills it in.
 */
const zodToJsonConfig = { override: () => {} };

/**
 * The OpenAPI 3.1 document of every `/api/v1` route, generated from the zod schemas that
 * validate them (the web app's routes carry no tag and are left out), and its reference page.
 * Registered before any route: @fastify/swagger collects routes as they are added.
 */
export async function installApiReference(
  app: FastifyInstance,
  options: { appUrl: string; supportEmail: string; version: string },
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Earshot API',
        version: options.version,
        description: DESCRIPTION,
        contact: { name: 'Earshot support', email: options.supportEmail },
      },
      servers: [{ url: options.appUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description: 'An API key from Settings → API.',
          },
        },
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  await app.register(scalarApiReference, {
    routePrefix: DOCS_PATH,
    configuration: {
      content: () => app.swagger(),
      pageTitle: 'Earshot API reference',
      // Served from this server only: no web fonts, no request proxy, no outside calls.
      withDefaultFonts: false,
      hideClientButton: true,
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    },
  });
  app.addHook('onSend', securePage);
}

/**
 * The reference page's one inline script is its configuration: allowed by its hash, so the
 * page keeps a CSP without 'unsafe-inline' for scripts (helmet's own CSP allows none). The
 * page is also given its language, which the renderer's HTML leaves out.
 */
async function securePage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.routeOptions.url !== `${DOCS_PATH}/` || typeof payload !== 'string') return payload;
  const hashes = [...payload.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
  reply.header(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src 'self' ${hashes.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  return payload.replace('<html>', '<html lang="en">');
}
