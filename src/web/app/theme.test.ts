import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, test } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light as Record<string, string>;
const { white, colors } = merged;
const names = Object.keys(colors).filter((name) => name !== 'dark');

describe('the theme’s text colours read at 4.5:1 (WCAG AA)', () => {
  test.each([white, colors.gray[0], colors.yellow[1], colors.yellow[2]])(
    'dimmed text on %s',
    (background) => {
      expect(contrastRatio(light['--mantine-color-dimmed']!, background)).toBeGreaterThan(4.5);
    },
  );

  test.each(names)('%s: text on the page, light badges, white on filled buttons', (name) => {
    const palette = colors[name]!;
    const text = light[`--mantine-color-${name}-text`]!;
    const lightColor = light[`--mantine-color-${name}-light-color`]!;
    const filled = light[`--mantine-color-${name}-filled`]!;
    expect(contrastRatio(text, white)).toBeGreaterThan(4.5);
    expect(contrastRatio(text, colors.gray[0])).toBeGreaterThan(4.5);
    expect(contrastRatio(lightColor, palette[1])).toBeGreaterThan(4.5);
    expect(contrastRatio(lightColor, palette[2])).toBeGreaterThan(4.5);
    expect(contrastRatio(light['--mantine-color-anchor']!, palette[1])).toBeGreaterThan(4.5);
    expect(contrastRatio(white, filled)).toBeGreaterThan(4.5);
  });

  test('a link in a sentence stands 3:1 apart from the text around it', () => {
    expect(contrastRatio(light['--mantine-color-anchor']!, merged.black)).toBeGreaterThan(3);
  });

  test('form errors read on white', () => {
    expect(contrastRatio(light['--mantine-color-error']!, white)).toBeGreaterThan(4.5);
  });

  test('the primary colour keeps its own shade where it already reads', () => {
    expect(light['--mantine-color-indigo-filled']).toBe(colors.indigo[7]);
  });
});
