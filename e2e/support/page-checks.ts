import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/** WCAG 2.1 A and AA: the rules the product promises to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until the page has loaded and stops moving: no skeleton stands in for data, and no
 * finite animation or transition runs (a modal fading in, a collapse opening), so axe measures
 * colours and boxes as the user will see them.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.mantine-Skeleton-root[data-visible]') &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 100, timeout: 10_000 },
  );
}

const axePreloaded = new WeakSet<BrowserContext>();

/**
 * Loads axe-core into every document of `context` as it starts. AxeBuilder would otherwise send
 * and compile its 500 kB with each scan, under a one-second timeout a busy machine can miss.
 */
export async function preloadAxe(context: BrowserContext) {
  // Once per context: an init script cannot be taken back, and a reused context keeps it.
  if (axePreloaded.has(context)) return;
  axePreloaded.add(context);
  await context.addInitScript({
    path: createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  });
}

/**
 * Readies a page for the checks: axe preloaded, and reduced motion asked for, which the theme
 * honours (respectReducedMotion), so no toast or dialog is measured half faded in.
 */
export async function readyForChecks(page: Page) {
  await preloadAxe(page.context());
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * The page's (or the part `within` selects) critical and serious WCAG 2.1 A/AA violations, one
 * line per element: the rule, what it asks, the element's selector and axe's summary of the fix.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // axe is preloaded (readyForChecks); legacy mode runs it in the page itself, without opening a
  // blank page per scan to merge frame results (the app has no frames).
  const builder = new AxeBuilder({ page, axeSource: '/* preloaded */' }).setLegacyMode(true);
  if (within) builder.include(within);
  const results = await builder
    // Experimental in axe, but WCAG 2.5.3: a control's name must contain its visible text.
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Details of the violations only: the passes are many and slow to send back.
      resultTypes: ['violations'],
    })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `[${v.impact}] ${v.id} (${v.help}) at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      ),
    );
}

/** Whether the page scrolls sideways (it must not, at any width). */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  return scroll > client ? `the page scrolls sideways (${scroll} px wide in ${client} px)` : null;
}

/**
 * Tables a phone cannot read: a visible table wider than the box that holds it (it scrolls with
 * no hint, or is cut off), a heading cut short, and a stacked table (cards) whose fields miss a
 * visible label.
 */
export async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
    for (const table of document.querySelectorAll('table')) {
      if (!table.checkVisibility()) continue;
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        if (table.offsetWidth > box.clientWidth + 1) {
          problems.push(
            `table "${name(table)}" is ${table.offsetWidth} px wide in a ${box.clientWidth} px box`,
          );
        }
        break;
      }
      for (const th of table.querySelectorAll('th')) {
        if (th.scrollWidth > th.clientWidth + 1) {
          problems.push(`heading "${th.textContent}" of table "${name(table)}" is cut short`);
        }
      }
    }
    for (const stacked of document.querySelectorAll<HTMLElement>('[data-stacked-table]')) {
      if (!stacked.checkVisibility()) continue;
      const labels = (stacked.dataset.stackedTable ?? '').split('|').filter(Boolean);
      for (const row of stacked.querySelectorAll('[data-stacked-row]')) {
        const shown = [...row.querySelectorAll('dt')]
          .filter((dt) => dt.checkVisibility() && dt.scrollWidth <= dt.clientWidth + 1)
          .map((dt) => dt.textContent?.trim());
        const missing = labels.filter((label) => !shown.includes(label));
        if (missing.length > 0) {
          problems.push(`a card of "${name(stacked)}" shows no label ${missing.join(', ')}`);
        }
      }
    }
    return problems;
  });
}

/**
 * Everything a settled page must pass, one line per problem: no critical or serious axe
 * violation and, on a phone (under 768 px), no sideways scroll and no table it cannot read.
 */
export async function pageProblems(page: Page): Promise<string[]> {
  await settle(page);
  const problems = await axeViolations(page);
  if ((page.viewportSize()?.width ?? 0) < 768) {
    const overflow = await horizontalOverflow(page);
    if (overflow) problems.push(overflow);
    problems.push(...(await clippedTables(page)));
  }
  return problems;
}
