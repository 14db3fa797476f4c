import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderDigest, type DigestMention } from '../src/server/email/digests/render';
import { PHONE, sharedBrowser, shouldRunBrowserTests } from './support/browser';

// A body holding a 333-character URL once rendered the digest 1,872 px wide on a phone.
const enabled = shouldRunBrowserTests('digest layout');
let browser: Browser | undefined;
if (enabled) {
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
}

const longWord = `https://example.com/${'a'.repeat(313)}`;
const mention: DigestMention = {
  id: 1,
  keyword: 'zendesk',
  source: 'reddit',
  subreddit: 'sysadmin',
  community: 'sysadmin',
  title: `zendesk ${'b'.repeat(200)}`,
  body: `zendesk exports ${longWord} and more`,
  permalink: '/r/sysadmin/comments/1abf/x/',
  author: `u${'c'.repeat(120)}`,
  score: 3,
  commentCount: 2,
  isComment: false,
  redditCreatedAt: new Date('2026-11-21T10:00:00Z'),
};

describe.skipIf(!enabled)('the digest email', () => {
  test.each([600, PHONE.width])(
    'is no wider than %i px with a 333-character word',
    async (width) => {
      const { html } = renderDigest({
        appUrl: 'https://earshot.example.com',
        supportEmail: 'support@earshot.app',
        frequency: 'daily',
        timezone: 'UTC',
        total: 1,
        totalsByKeyword: new Map([['zendesk', 1]]),
        mentions: [mention],
        unsubscribeUrl: 'https://earshot.example.com/unsubscribe?token=1.x',
      });
      const page = await browser!.newPage({ viewport: { width, height: 900 } });
      try {
        await page.setContent(html);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        // The long word is broken over lines, not hidden (the excerpt ends it at 280 characters).
        expect(await page.textContent('body')).toContain(longWord.slice(0, 200));
      } finally {
        await page.close();
      }
    },
  );
});
