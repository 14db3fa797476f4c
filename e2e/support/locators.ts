import type { Locator } from 'playwright-core';

/** Waits until the first match is on screen (within Playwright's default 30 s, or `timeout`). */
export const visible = (locator: Locator, timeout?: number) =>
  locator.first().waitFor({ state: 'visible', timeout });

/** All the text of every match (empty when there is none), for polled assertions. */
export const text = async (locator: Locator) => (await locator.allTextContents()).join('\n');

/**
 * Flips a switch from the keyboard (Space on its focused input), as a keyboard user does. Not a
 * click: a Mantine switch's input is visually hidden behind its track, so a click needs `force`,
 * which skips the wait for a still layout and can land where the switch was a frame earlier.
 */
export const flip = (switchLocator: Locator) => switchLocator.press('Space');

/**
 * Chooses a menu item from the keyboard (Enter on it). Not a click: on a phone a toast shows
 * above the tab bar, where a menu opened low on the screen puts its items, and one that came up
 * between Playwright's check of the point and its click took the click (the menu stayed open).
 */
export const choose = (menuItem: Locator) => menuItem.press('Enter');

/**
 * Submits a dialog from the keyboard (Enter on its button), as a keyboard user does. Not a click:
 * a click lands where Playwright last saw the button, and content above it that answers late
 * (the keyword dialog's volume preview once) can move it first: the dialog then sent nothing.
 */
export const submit = (button: Locator) => button.press('Enter');

/**
 * Waits until the keyword dialog's volume preview has answered. Its answer can change its height
 * by a line, moving the fields below it: a click on one of them waits for this first.
 */
export const previewAnswered = (dialog: Locator) =>
  dialog.getByRole('status', { name: 'Checking the last hour' }).waitFor({ state: 'detached' });
