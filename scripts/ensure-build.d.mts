/** Whether dist/ is missing or older than any source. */
export function buildIsStale(): boolean;
/** Builds the web app and server when stale; returns whether it built. */
export function ensureBuild(options?: { quiet?: boolean }): boolean;
/** Bundles only the server when dist/server is stale; returns whether it built. */
export function ensureServerBuild(): boolean;
