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

/**
 * The renderer's light theme at WCAG AA contrast (its greys and method colours are 1.6 to 4.3
 * to 1 on its backgrounds), code examples wrapped rather than scrolled (a scrolling block must
 * be focusable), and on a phone no sideways scroll from its empty toast list and its
 * sections' decorations drawn past the edge.
 */
const READABLE_CSS = `
.light-mode {
  --scalar-color-2: #595959 !important;
  --scalar-color-3: #5e5e5e !important;
  --scalar-color-blue: #005a96 !important;
  --scalar-color-green: #00663f !important;
  --scalar-color-orange: #a83a00 !important;
  --scalar-color-yellow: #735600 !important;
  --scalar-color-red: #b80000 !important;
  --scalar-color-purple: #6a2c91 !important;
  --scalar-color-accent: #005a96 !important;
}
.dark-mode {
  --scalar-color-blue: #6cb8ff !important;
  --scalar-color-green: #4fd1a0 !important;
  --scalar-color-orange: #ffa06b !important;
  --scalar-color-yellow: #ffd866 !important;
  --scalar-color-red: #ff8a8a !important;
  --scalar-color-purple: #d2a8ff !important;
}
.markdown pre, .markdown pre code, .markdown pre code * {
  white-space: pre-wrap !important;
  overflow-wrap: anywhere !important;
  word-break: break-all !important;
  overflow: visible !important;
}
.scalar-toaster:empty { display: none !important; }
.section-container { overflow-x: clip; }
`;

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
      security: [{ apiKey: [] }],
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
      // Served from this server only: no web fonts, no telemetry, no outside calls.
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      hideClientButton: true,
      hideTestRequestButton: true,
      // What the renderer's markup gets wrong for axe (WCAG 2.1 AA), turned off: its sidebar
      // (aria-selected on buttons, an unnamed search button), its client picker (a tablist of
      // plain buttons) and collapsed tags ("Show more" named otherwise). Nine operations read
      // well on one page, each with its curl example in its description.
      showSidebar: false,
      hideSearch: true,
      hiddenClients: true,
      defaultOpenAllTags: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      customCss: READABLE_CSS,
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
