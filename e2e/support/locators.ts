import type { Locator } from 'playwright-core';

/** Waits until the first match is on screen (within Playwright's default 30 s, or `timeout`). */
export const visible = (locator: Locator, timeout?: number) =>
  locator.first().waitFor({ state: 'visible', timeout });

/** All the text of every match (empty when there is none), for polled assertions. */
export const text = async (locator: Locator) => (await locator.allTextContents()).join('\n');
