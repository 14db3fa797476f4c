import { existsSync } from 'node:fs';

/**
 * Whether a recorded fixture under ../shared/fixtures (beside the repository, absent on a fresh
 * clone) exists. When it does not, says loudly what is skipped and why, as the browser suite does
 * without Chromium: a green run without the recordings has not tested against them.
 */
export function hasSharedFixture(path: string, skipped: string): boolean {
  if (existsSync(path)) return true;
  console.warn(
    [
      '',
      '!'.repeat(78),
      `!! SKIPPED ${skipped}: no recorded fixtures at ${path}.`,
      '!! They live in ../shared/fixtures beside the repository; without it these tests do not run.',
      '!'.repeat(78),
      '',
    ].join('\n'),
  );
  return false;
}
