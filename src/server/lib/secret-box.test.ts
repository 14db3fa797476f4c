import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createSecretBox, SecretKeyError, SEALED_PREFIX, tokenHash } from './secret-box';

const box = createSecretBox('a'.repeat(32));

describe('the secret box', () => {
  test.each(['tk_abc', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0', 'whsec_x+/=', 'é€'])(
    '%j is sealed with a version prefix and without its text, and opens again',
    (plain) => {
      const sealed = box.seal(plain);
      expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
      expect(sealed).not.toContain(plain);
      expect(box.isSealed(sealed)).toBe(true);
      expect(box.open(sealed)).toBe(plain);
    },
  );

  test('sealing twice gives two texts (a fresh IV each time)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  test('another key cannot open it, and says so', () => {
    const sealed = box.seal('tk_abc');
    const other = createSecretBox('b'.repeat(32));
    expect(() => other.open(sealed)).toThrow(SecretKeyError);
    expect(() => other.open(sealed)).toThrow(/APP_SECRET/);
  });

  test.each([
    [
      'a flipped byte',
      (s: string) => `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`,
    ],
    ['a truncated text', (s: string) => s.slice(0, SEALED_PREFIX.length + 10)],
  ])('%s is refused, not opened to garbage', (_what, tamper) => {
    expect(() => box.open(tamper(box.seal('tk_abc')))).toThrow(SecretKeyError);
  });

  test('a value stored before sealing began is read as it is', () => {
    expect(box.isSealed('tk_plain')).toBe(false);
    expect(box.open('tk_plain')).toBe('tk_plain');
  });

  test('tokenHash is the hex SHA-256 of the token', () => {
    expect(tokenHash('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});
