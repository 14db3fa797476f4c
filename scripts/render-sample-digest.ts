/**
 * Renders a sample digest to HTML (and screenshots it in Chromium, light and dark) so a person
 * can look at the template: `npx tsx scripts/render-sample-digest.ts [outDir]`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { renderDigest, type DigestMention } from '../src/server/email/digests/render';

const outDir = path.resolve(process.argv[2] ?? 'test-results/digest-sample');
const hour = 3_600_000;
const LONG_URL = `https://example.com/${'a'.repeat(313)}`;
const base = Date.parse('2026-11-21T15:00:00Z');

const mentions: DigestMention[] = [
  {
    id: 1,
    keyword: 'stripe OR paddle',
    source: 'reddit',
    subreddit: 'SaaS',
    community: 'SaaS',
    title: 'Stripe vs Paddle for a small B2B SaaS in the EU?',
    body: 'We are a two-person team selling to companies in Germany and France. Stripe looks flexible but VAT handling scares us; Paddle is a merchant of record. What did you pick and why?',
    permalink: '/r/SaaS/comments/1abc/stripe_vs_paddle/',
    author: 'founder_anna',
    score: 48,
    commentCount: 31,
    isComment: false,
    redditCreatedAt: new Date(base - 2 * hour),
  },
  {
    id: 2,
    keyword: 'stripe OR paddle',
    source: 'reddit',
    subreddit: 'startups',
    community: 'startups',
    title: '',
    body: 'Honestly the <b>Stripe</b> dashboard alone is worth it. Paddle took 3 weeks to approve us & their payouts are monthly. If you need "merchant of record" though, Paddle or Lemon Squeezy.',
    permalink: '/r/startups/comments/1abd/_/kx1/',
    author: 'dev_mike',
    score: 12,
    commentCount: 0,
    isComment: true,
    redditCreatedAt: new Date(base - 3 * hour),
  },
  {
    id: 3,
    keyword: '"customer support" tool',
    source: 'reddit',
    subreddit: 'smallbusiness',
    community: 'smallbusiness',
    title: 'Which customer-support tool do you use for email + chat?',
    body: 'Zendesk is too expensive for us. Looking for a customer support tool that handles shared inbox and live chat, ideally under $50/month. <script>alert(1)</script>',
    permalink: '/r/smallbusiness/comments/1abe/which_customersupport_tool/',
    author: 'shopkeeper42',
    score: 7,
    commentCount: 14,
    isComment: false,
    redditCreatedAt: new Date(base - 5 * hour),
  },
  {
    id: 4,
    keyword: '"customer support" tool',
    source: 'reddit',
    subreddit: 'sysadmin',
    community: 'sysadmin',
    title:
      'Customer support tool logs: https://example.com/aVeryLongPathWithoutAnyBreakOpportunity',
    // A 333-character URL: one word the email must break, or a phone shows it 1,872 px wide.
    body: `Our customer support tool exports this: ${LONG_URL} — any idea why?`,
    permalink: '/r/sysadmin/comments/1abf/customer_support_tool_logs/',
    author: 'ops_person_with_a_rather_long_username_indeed',
    score: 3,
    commentCount: 2,
    isComment: false,
    redditCreatedAt: new Date(base - 6 * hour),
  },
];

const rendered = renderDigest({
  appUrl: 'https://earshot.example.com',
  supportEmail: 'support@earshot.app',
  frequency: 'daily',
  timezone: 'Europe/Paris',
  total: 8,
  totalsByKeyword: new Map([
    ['stripe OR paddle', 5],
    ['"customer support" tool', 3],
  ]),
  mentions,
  unsubscribeUrl: 'https://earshot.example.com/unsubscribe?token=1.sample',
});

await mkdir(outDir, { recursive: true });
await writeFile(path.join(outDir, 'digest.html'), rendered.html);
await writeFile(
  path.join(outDir, 'digest.txt'),
  `Subject: ${rendered.subject}\n\n${rendered.text}`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
for (const [name, width, colorScheme] of [
  ['light-desktop', 800, 'light'],
  ['dark-desktop', 800, 'dark'],
  ['light-600', 600, 'light'],
  ['light-phone', 390, 'light'],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
  await page.setContent(rendered.html);
  // Nothing may widen the email past the viewport (a long URL once made it 1,872 px wide).
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) console.warn(`${name}: ${scrollWidth} px wide at ${width} px`);
  await page.screenshot({ path: path.join(outDir, `digest-${name}.png`), fullPage: true });
  await page.close();
}
await browser.close();
console.log(`wrote ${outDir}`);
