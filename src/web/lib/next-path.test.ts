import { describe, expect, test } from 'vitest';
import { safeNextPath, withNext } from './next-path';

const ORIGIN = 'http://127.0.0.1:3000';

describe('the path to return to after signing in', () => {
  test.each([
    ['/settings?tab=subscription', '/settings?tab=subscription'],
    ['/alerts/debug/7#gaps', '/alerts/debug/7#gaps'],
    ['/billing/test-checkout/tcs_abcdefghijkl', '/billing/test-checkout/tcs_abcdefghijkl'],
    ['/mentions/../settings', '/settings'],
  ])('%s is kept as %s', (raw, expected) => {
    expect(safeNextPath(raw, ORIGIN)).toBe(expected);
  });

  test.each([
    null,
    '',
    'settings',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'http://127.0.0.1:3000/settings',
    '/auth?tab=login',
    '/landing',
  ])('%j is dropped', (raw) => {
    expect(safeNextPath(raw, ORIGIN)).toBeUndefined();
  });

  test('withNext adds it to a sign-in link', () => {
    expect(withNext('/auth?tab=login', '/settings?tab=subscription')).toBe(
      '/auth?tab=login&next=%2Fsettings%3Ftab%3Dsubscription',
    );
    expect(withNext('/landing', '/mentions')).toBe('/landing?next=%2Fmentions');
    expect(withNext('/auth?tab=login', undefined)).toBe('/auth?tab=login');
  });
});
