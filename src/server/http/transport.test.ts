import { describe, expect, test } from 'vitest';
import { findInputProblem, MAX_INPUT_DEPTH } from './transport';

const nest = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('the input check', () => {
  test.each([
    ['a NUL in a field', { a: { b: ['ok', 'x\u0000'] } }, { kind: 'nul', field: 'a.b.1' }],
    ['a NUL in a key', { a: { 'k\u0000': 1 } }, { kind: 'nul', field: 'a' }],
    ['a NUL in the body itself', 'x\u0000', { kind: 'nul', field: 'body' }],
    ['nesting at the limit', nest(MAX_INPUT_DEPTH), undefined],
    ['nesting past the limit', nest(MAX_INPUT_DEPTH + 1), { kind: 'too-deep' }],
    ['nesting 100,000 deep (no stack overflow)', nest(100_000), { kind: 'too-deep' }],
    ['plain input', { keyword: 'zendesk', subreddits: ['saas'] }, undefined],
  ])('%s', (_name, input, expected) => {
    expect(findInputProblem(input)).toEqual(expected);
  });

  test('a raw body (bytes) is not walked', () => {
    const bytes = Buffer.alloc(4 * 1024 * 1024);
    const started = performance.now();
    expect(findInputProblem(bytes)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });
});
