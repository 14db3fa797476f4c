import { describe, expect, test } from 'vitest';
import { cleanRedditText, redditPermalink } from './reddit-content';

describe('permalinks are links on Reddit’s own site', () => {
  const fallback = '/r/saas/comments/abc/';
  test.each([
    ['a path', '/r/saas/comments/abc/x/', 'https://www.reddit.com/r/saas/comments/abc/x/'],
    [
      'www.reddit.com',
      'https://www.reddit.com/r/a/comments/b/',
      'https://www.reddit.com/r/a/comments/b/',
    ],
    [
      'old.reddit.com over http',
      'http://old.reddit.com/r/a/comments/b/?x=1',
      'https://www.reddit.com/r/a/comments/b/?x=1',
    ],
    ['reddit.com, upper case', 'HTTPS://REDDIT.COM/r/a/', 'https://www.reddit.com/r/a/'],
    ['vbscript:', 'vbscript:msgbox(1)', `https://www.reddit.com${fallback}`],
    ['javascript:', 'javascript:alert(1)', `https://www.reddit.com${fallback}`],
    ['data:', 'data:text/html,<script>1</script>', `https://www.reddit.com${fallback}`],
    ['another host', 'https://evil.example/phish', `https://www.reddit.com${fallback}`],
    [
      'a look-alike host',
      'https://reddit.com.evil.example/r/a/',
      `https://www.reddit.com${fallback}`,
    ],
    [
      'a host ending in reddit.com',
      'https://notreddit.com/r/a/',
      `https://www.reddit.com${fallback}`,
    ],
    ['a protocol-relative URL', '//evil.example/r/a/', `https://www.reddit.com${fallback}`],
    ['a backslash URL', '/\\evil.example/r/a/', `https://www.reddit.com${fallback}`],
    [
      'credentials before the host',
      'https://www.reddit.com@evil.example/',
      `https://www.reddit.com${fallback}`,
    ],
    ['nothing', '', `https://www.reddit.com${fallback}`],
  ])('%s', (_name, link, expected) => {
    expect(redditPermalink(link, fallback)).toBe(expected);
  });
});

describe('the one sanitiser of Reddit text', () => {
  test.each([
    ['a right-to-left override', 'moc.\u202eevil\u202c', 'moc.evil'],
    ['isolates and marks', '\u2066a\u2069\u200fb\u200e', 'ab'],
    ['zero-width spaces and the BOM', 'zen\u200bdesk\ufeff', 'zendesk'],
    ['plain text, accents and emoji kept', 'Café 🎉 — ok', 'Café 🎉 — ok'],
  ])('%s', (_name, text, expected) => {
    expect(cleanRedditText(text)).toBe(expected);
  });
});
