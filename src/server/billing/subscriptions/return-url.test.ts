import { describe, expect, test } from 'vitest';
import { returnUrl } from './return-url';

const APP = 'http://localhost:3000';

describe('checkout return URLs', () => {
  test.each([
    [undefined, 'http://localhost:3000/settings?tab=subscription&checkout_success=true'],
    ['/pricing', 'http://localhost:3000/pricing?checkout_success=true'],
    ['http://127.0.0.1:3000/settings', 'http://127.0.0.1:3000/settings?checkout_success=true'],
    ['/settings?checkout_success=false', 'http://localhost:3000/settings?checkout_success=true'],
  ])('%s is accepted as %s', (given, expected) => {
    expect(
      returnUrl(APP, given, '/settings?tab=subscription', 'checkout_success', 'successUrl'),
    ).toBe(expected);
  });

  test.each([
    'https://evil.example/',
    '//evil.example/x',
    'javascript:alert(1)',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://[::',
  ])('%s is refused', (given) => {
    expect(() => returnUrl(APP, given, '/', 'checkout_success', 'successUrl')).toThrow(
      /Invalid successUrl/,
    );
  });
});
