import type { Locator, Page } from 'playwright-core';

/**
 * A screenshot to look at, kept only when E2E_SHOTS names a folder (`E2E_SHOTS=test-results npm
 * test`): `<folder>/<name>-<width>.png`. A screenshot asserts nothing, and a full page costs the
 * browser a third of a CPU-second, about 90 of them a run; a failed test's screenshot is taken
 * whatever this says (suite.ts).
 */
export async function shot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  const page = 'page' in target ? target.page() : target;
  const path = `${folder}/${name}-${page.viewportSize()?.width}.png`;
  await ('page' in target
    ? target.screenshot({ path })
    : target.screenshot({ path, fullPage: options.fullPage ?? true }));
}
