import { describe, expect, test } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('colour contrast', () => {
  test.each([
    ['#000000', '#ffffff', 21],
    ['#000', '#fff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#868e96', '#ffffff', 3.32],
    ['#087f5b', '#c3fae8', 4.33],
  ])('%s on %s is %d:1', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(bg, fg)).toBeCloseTo(ratio, 2);
  });

  test('a colour that already reads is kept', () => {
    expect(readableOn('#495057', ['#ffffff', '#f8f9fa'])).toBe('#495057');
  });

  test.each([
    ['#868e96', ['#ffffff', '#ffec99']],
    ['#e67700', ['#fff3bf']],
    ['#fa5252', ['#ffffff']],
    ['#ffffff', ['#ffffff']],
  ])('%s is darkened until it reads on %j', (color, backgrounds) => {
    const readable = readableOn(color, backgrounds);
    expect(readable).not.toBe(color);
    for (const bg of backgrounds) expect(contrastRatio(readable, bg)).toBeGreaterThanOrEqual(4.6);
  });

  test('a colour that is not #rgb or #rrggbb is refused', () => {
    expect(() => readableOn('red', ['#ffffff'])).toThrow(/not a #rgb or #rrggbb colour/);
  });
});
