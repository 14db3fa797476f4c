import { describe, expect, test } from 'vitest';
import { authFooter } from './auth-footer';

describe('the auth page footer', () => {
  test.each([
    ['login', "Don't have an account? Sign up", 'register'],
    ['register', 'Already have an account? Sign in', 'login'],
    // Whoever forgot a password has an account: the way back is to sign in.
    ['forgot', 'Remembered it? Back to sign in', 'login'],
  ] as const)('%s: "%s" → %s', (tab, words, target) => {
    const footer = authFooter(tab);
    expect(`${footer.prompt}${footer.link}`).toBe(words);
    expect(footer.tab).toBe(target);
  });
});
