import globals from 'globals';

/**
 * The globals of each runtime, split by where code runs: the server side (src/server, tests,
 * benchmarks, scripts) in Node, src/web in the browser, src/shared on both. ESLint turns
 * no-undef off for TypeScript (tsc finds undefined names), so a name of the other runtime is
 * reported by no-restricted-globals instead, with a message saying why; tsc catches it too,
 * each side being typed with its own lib (tsconfig.server.json, tsconfig.web.json).
 */
const browserNames = new Set(Object.keys(globals.browser));
const nodeNames = new Set(Object.keys(globals.node));

/** Node's own: Buffer, process, require, __dirname, setImmediate… */
export const nodeOnly = [...nodeNames].filter((name) => !browserNames.has(name));
/** The browser's own: window, document, location, HTMLElement… */
export const browserOnly = [...browserNames].filter((name) => !nodeNames.has(name));
/** What both runtimes have beyond the language itself (URL, TextEncoder, fetch, timers…). */
export const bothRuntimes = Object.fromEntries(
  Object.entries(globals.node).filter(([name]) => browserNames.has(name)),
);

/** A no-restricted-globals setting that reports each name with the reason. */
export const restrictGlobals = (names, reason) => [
  'error',
  ...names.map((name) => ({ name, message: `'${name}' is not available here: ${reason}.` })),
];
