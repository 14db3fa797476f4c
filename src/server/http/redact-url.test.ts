import { describe, expect, test } from 'vitest';
import { redactText, redactUrl } from './redact-url';

const FEED = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('redactUrl', () => {
  test.each([
    [`/api/feeds/${FEED}/atom`, '/api/feeds/[redacted]/atom'],
    [`/api/feeds/${FEED}/alerts/12/json`, '/api/feeds/[redacted]/alerts/12/json'],
    [`/api/feeds/${FEED}`, '/api/feeds/[redacted]'],
    [`/api/feeds/${FEED}/json?x=1`, '/api/feeds/[redacted]/json?x=1'],
    ['/reset-password?token=s3cr3t', '/reset-password?token=[redacted]'],
    ['/verify-email?token=s3cr3t&next=%2F', '/verify-email?token=[redacted]&next=%2F'],
    ['/unsubscribe?token=12.abcDEF', '/unsubscribe?token=[redacted]'],
    ['/accept?invite_token=x&b=2', '/accept?invite_token=[redacted]&b=2'],
    ['/x?api%5Fkey=abc', '/x?api%5Fkey=[redacted]'],
    ['/x?TOKEN=abc', '/x?TOKEN=[redacted]'],
    ['/x?client_secret=abc&password=p', '/x?client_secret=[redacted]&password=[redacted]'],
    ['/api/v1/alerts?key=esk_abcdEF123_-x', '/api/v1/alerts?key=[redacted]'],
    ['/api/v1/esk_abcdEF123_-x/alerts', '/api/v1/esk_[redacted]/alerts'],
    ['/search?q=esk_abcdEF123', '/search?q=esk_[redacted]'],
    ['/search?q=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '/search?q=whsec_[redacted]'],
    ['/reset-password?token=abc#frag', '/reset-password?token=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  test.each([
    '/api/alerts?limit=5',
    '/api/feeds',
    '/api/feeds/rotate',
    '/api/mentions?cursor=abc&alertId=3',
    '/',
    '/settings?tab=notifications',
    '/api/x?%E0%A4%A=1',
    '/api/preview?keyword=stripe&author=bob&subreddits=saas',
  ])('%s has nothing to redact', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('redactText', () => {
  test.each([
    [
      `Failed query: select … params: /api/feeds/${FEED}/atom`,
      'Failed query: select … params: /api/feeds/[redacted]/atom',
    ],
    [
      `fetch failed for https://earshot.example/reset-password?token=abc (ECONNRESET)`,
      'fetch failed for https://earshot.example/reset-password?token=[redacted] (ECONNRESET)',
    ],
    ['key esk_abcDEF123 refused', 'key esk_[redacted] refused'],
    [
      'Error: boom\n    at send (/srv/earshot/dist/server/main.js:10:5)',
      'Error: boom\n    at send (/srv/earshot/dist/server/main.js:10:5)',
    ],
  ])('%s', (text, logged) => {
    expect(redactText(text)).toBe(logged);
  });
});
