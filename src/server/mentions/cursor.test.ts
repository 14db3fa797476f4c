import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from './cursor';

describe('feed cursors', () => {
  test('a cursor decodes to the position it was made from', () => {
    const position = { at: new Date('2026-11-21T10:00:00.123Z'), id: 42 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  test.each([
    ['empty', ''],
    ['no version', b64({ t: '2026-11-21T10:00:00.000Z', i: 1 })],
    ['not base64 JSON', 'v1.%%%'],
    ['not JSON', `v1.${Buffer.from('hello').toString('base64url')}`],
    ['a date that is no date', `v1.${b64({ t: 'yesterday', i: 1 })}`],
    ['a negative id', `v1.${b64({ t: '2026-11-21T10:00:00.000Z', i: -1 })}`],
    ['an id past int4', `v1.${b64({ t: '2026-11-21T10:00:00.000Z', i: 2 ** 40 })}`],
    ['the year 0000', 'v1.eyJ0IjoiMDAwMC0wMS0wMVQwMDowMDowMFoiLCJpIjoxfQ'],
    ['a missing id', `v1.${b64({ t: '2026-11-21T10:00:00.000Z' })}`],
  ])('%s is refused with a 400', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ message: INVALID_CURSOR, statusCode: 400 }),
    );
  });
});
