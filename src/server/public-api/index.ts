// The public API: /api/v1 behind API keys, its OpenAPI reference, and the MCP server for agents.
export { publicApiRoutes } from './routes';
export { mcpRoutes, MCP_PATH } from './mcp';
export { installApiReference, DOCS_PATH, OPENAPI_PATH } from './reference';
export type { PublicApiServices } from './services';
