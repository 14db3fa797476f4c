import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, generateApiKey, hashApiKey, readApiKey, sameHash } from './key-format';

describe('API key format', () => {
  it('makes recognisable keys whose prefix and hash read back', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^esk_[0-9A-Za-z]{46}$/);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(readApiKey(key)).toEqual({ prefix, hash });
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toBe(hashApiKey(key));
  });

  it('makes a different key every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
    expect(keys.size).toBe(200);
  });

  it.each([
    ['empty', ''],
    ['another prefix', 'sk_live_' + 'a'.repeat(42)],
    ['no random part', 'esk_'],
    ['a space inside', 'esk_' + 'a'.repeat(20) + ' ' + 'a'.repeat(25)],
    ['a non-ASCII letter', 'esk_' + 'é'.repeat(46)],
  ])('refuses %s', (_name, key) => {
    expect(readApiKey(key)).toBeUndefined();
  });

  it('refuses every truncation and every single-character change (checksum)', () => {
    const { key } = generateApiKey();
    for (let i = 1; i < key.length; i += 1) expect(readApiKey(key.slice(0, i))).toBeUndefined();
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: key.length - 1 }),
        fc.integer({ min: 1, max: 61 }),
        (at, shift) => {
          const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
          const changed = alphabet[(alphabet.indexOf(key[at]) + shift) % 62];
          const typo = key.slice(0, at) + changed + key.slice(at + 1);
          // A 32-bit checksum lets one typo in 4 billion through; none of these may pass.
          expect(readApiKey(typo)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('compares hashes in constant time, refusing unequal lengths', () => {
    const a = hashApiKey('x');
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, hashApiKey('y'))).toBe(false);
    expect(sameHash(a, a.slice(0, 10))).toBe(false);
  });
});
