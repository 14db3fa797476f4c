import { describe, expect, test } from 'vitest';
import { arrayElements, members, spliceMembers, stringifyReddit } from './raw-json';

const RAW = '{"a": 1.0, "b": "x, \\"y\\" }", "c": {"d": [1, 2]}, "e": null}';

describe('raw JSON edits', () => {
  test('members finds top-level keys only, whatever their values hold', () => {
    expect(members(RAW).map((m) => m.key)).toEqual(['a', 'b', 'c', 'e']);
  });

  test.each([
    [{ a: '2.0' }, '{"a": 2.0, "b": "x, \\"y\\" }", "c": {"d": [1, 2]}, "e": null}'],
    [{ b: undefined }, '{"a": 1.0, "c": {"d": [1, 2]}, "e": null}'],
    [{ e: undefined }, '{"a": 1.0, "b": "x, \\"y\\" }", "c": {"d": [1, 2]}}'],
    [{ a: undefined, c: '"z"' }, '{"b": "x, \\"y\\" }", "c": "z", "e": null}'],
    [{ missing: undefined }, RAW],
  ])('spliceMembers(%j) keeps every other byte', (edits, expected) => {
    const out = spliceMembers(RAW, edits);
    expect(out).toBe(expected);
    expect(() => JSON.parse(out)).not.toThrow();
  });

  test('arrayElements splits an array into its raw element texts', () => {
    expect(arrayElements('[{"a": [1]}, "s,]", 3]', 0)).toEqual(['{"a": [1]}', '"s,]"', '3']);
  });

  test('stringifyReddit writes created times as floats like Reddit', () => {
    expect(stringifyReddit({ created: 5, created_utc: 5, score: 5, text: 'created_utc' })).toBe(
      '{"created":5.0,"created_utc":5.0,"score":5,"text":"created_utc"}',
    );
  });
});
