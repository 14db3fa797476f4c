import type { FastifyReply } from 'fastify';
import type { Clock } from '../clock';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import { registerTools } from './mcp-tools';
import type { PublicApiServices } from './services';

export const MCP_PATH = '/mcp';

const INSTRUCTIONS = `Earshot tracks keywords on Reddit, Hacker News, Lobsters and Bluesky and stores the posts and comments that match them ("mentions") for one workspace. Use list_alerts to see what is tracked, search_mentions to read what people said (filter by site and days), preview_keyword before create_alert, and mark_replied once someone answered a mention.`;

const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0',
  error: { code, message },
  id: null,
});

// The SDK takes a tenth of a second to load, at every start of every process that serves the
// API: it loads with the first MCP call instead (and later calls find it in the module cache).
const loadSdk = () =>
  Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);

/** Stateless mode has no stream to open or session to end: GET and DELETE are refused. */
function methodNotAllowed(_request: unknown, reply: FastifyReply) {
  return reply
    .status(405)
    .header('allow', 'POST')
    .send(jsonRpcError(-32000, 'Method not allowed: send JSON-RPC messages by POST'));
}

/**
 * The MCP server at /mcp (Streamable HTTP, DESIGN §7), stateless: each POST gets a server and
 * transport of its own, holding the caller its API key named, and answers in JSON. No session
 * lives between requests, so any web process can answer any call.
 */
export function mcpRoutes(
  app: PrivateScope,
  deps: PublicApiServices & { clock: Clock; version: string },
) {
  app.post(MCP_PATH, { config: { access: 'viewer' } }, async (request, reply) => {
    // JSON-RPC batches left MCP with its 2025-06-18 revision; an empty one was never valid.
    if (Array.isArray(request.body)) {
      return reply
        .status(400)
        .send(jsonRpcError(-32600, 'Batches are not supported: send one message per request'));
    }
    const [{ McpServer }, { StreamableHTTPServerTransport }] = await loadSdk();
    const server = new McpServer(
      { name: 'earshot', title: 'Earshot', version: deps.version },
      { instructions: INSTRUCTIONS },
    );
    registerTools(server, {
      ...deps,
      caller: { workspace: currentWorkspace(request), mayWrite: request.apiKey?.scope === 'write' },
      log: (error) => request.log.error({ err: error }, 'MCP tool failed'),
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the answer itself: the headers hooks set so far (security) go first.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  app.get(MCP_PATH, { config: { access: 'viewer' } }, methodNotAllowed);
  app.delete(MCP_PATH, { config: { access: 'viewer' } }, methodNotAllowed);
}
