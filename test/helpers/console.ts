import { format } from 'node:util';

/**
 * Unexpected `console.error` calls fail unit tests (test/setup-console.ts), as unexpected browser
 * console errors fail the e2e suite. A test that expects one says so with `allowConsoleError`.
 */
interface Scope {
  allowed: RegExp[];
  unexpected: string[];
}

const file: Scope = { allowed: [], unexpected: [] };
let test: Scope | undefined;

/**
 * Lets `console.error` output matching `pattern` (all of it by default) pass: until the end of
 * the test when called in one, else (at the top of a file, in `beforeAll`) for the whole file.
 */
export function allowConsoleError(pattern: RegExp = /[\s\S]*/) {
  (test ?? file).allowed.push(pattern);
}

/** Installs the recording `console.error` once per process; it still prints what it gets. */
export function recordConsoleErrors() {
  const marker = Symbol.for('earshot.console-error-recorder');
  const current = console.error as typeof console.error & { [marker]?: true };
  if (current[marker]) return;
  const original = console.error.bind(console);
  const recorder = Object.assign(
    (...args: unknown[]) => {
      const text = format(...args);
      const scope = test ?? file;
      if (![...file.allowed, ...scope.allowed].some((pattern) => pattern.test(text))) {
        scope.unexpected.push(text);
      }
      original(...args);
    },
    { [marker]: true as const },
  );
  console.error = recorder;
}

export function startTest() {
  test = { allowed: [], unexpected: [] };
}

/** Throws when the test printed a `console.error` it did not allow. */
export function endTest() {
  const unexpected = test?.unexpected ?? [];
  test = undefined;
  failOn(unexpected, 'this test');
}

/** Throws when code outside any test (hooks, module scope) printed an unallowed error. */
export function endFile() {
  const unexpected = file.unexpected.splice(0);
  file.allowed.length = 0;
  failOn(unexpected, 'this file, outside its tests');
}

function failOn(unexpected: string[], where: string) {
  if (unexpected.length === 0) return;
  throw new Error(
    [
      `Unexpected console.error in ${where}:`,
      ...unexpected.map((text) => `  ${text.split('\n').slice(0, 5).join('\n  ')}`),
      'Fix the cause, or call allowConsoleError(/…/) (test/helpers/console.ts) where it is expected.',
    ].join('\n'),
  );
}
