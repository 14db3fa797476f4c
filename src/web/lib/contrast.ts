/** WCAG 2.1 colour contrast, for choosing readable shades of the theme's palettes. */

const channels = (hex: string): [number, number, number] => {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const value = short
    ? short
        .slice(1)
        .map((c) => c + c)
        .join('')
    : hex.replace('#', '');
  if (!/^[0-9a-f]{6}$/i.test(value)) throw new Error(`not a #rgb or #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1 §1.4.3) of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * `color` as it is when it already reads at `ratio` on every background, else darkened (mixed
 * with black) in small steps until it does. 4.6 rather than 4.5 leaves room for rounding.
 */
export function readableOn(color: string, backgrounds: string[], ratio = 4.6): string {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = darken(color, amount);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio)) return candidate;
  }
  return '#000000';
}

/** `color` mixed with `amount` (0 to 1) of black. */
export function darken(color: string, amount: number): string {
  return toHex(channels(color).map((c) => c * (1 - amount)));
}
