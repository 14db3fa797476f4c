import {
  Anchor,
  Button,
  Card,
  createTheme,
  Drawer,
  Modal,
  Notification,
  Paper,
  PasswordInput,
  TextInput,
  Title,
  type CSSVariablesResolver,
} from '@mantine/core';
import { darken, readableOn } from '../lib/contrast';
import { frameCssVariables } from './layout/frame-sizes';

/** One theme for every screen: calm neutrals, an indigo primary and soft, rounded surfaces. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // The focus ring shows for the keyboard (:focus-visible) on every control.
  focusRing: 'auto',
  // Dialogs, toasts and collapses appear without motion for those who ask for less of it.
  respectReducedMotion: true,
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    // Mantine's close buttons are icons with no name: a screen reader would say "button".
    Modal: Modal.extend({
      defaultProps: { radius: 'lg', centered: true, closeButtonProps: { 'aria-label': 'Close' } },
    }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the text with gray-6 (3.3:1), not with the dimmed colour.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    TextInput: TextInput.extend({ defaultProps: { radius: 'md' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { radius: 'md' } }),
    Title: Title.extend({ styles: { root: { letterSpacing: '-0.01em' } } }),
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
  },
});

/**
 * Text colours that read (WCAG AA, 4.5:1) wherever Mantine puts them in the light scheme. Its
 * defaults do not: dimmed grey is 3.3:1 on white, a light badge's text (shade 9 on shade 1) is
 * 2.7:1 for yellow and 4.3:1 for teal, white on a red button 3.3:1. Each colour keeps its hue and
 * is darkened only as far as it must be, so every `c="dimmed"`, `c="red"`, link, form error,
 * light badge, light alert and filled button of the app is fixed here, in one place
 * (theme.test.ts checks the pairs).
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => {
  const { white, colors, primaryColor } = mantine;
  const page = colors.gray[0];
  // Links also sit in light notices, of any colour: shade 0 or 1 behind them. (Only as dark as
  // that needs: a link in a sentence must also stand 3:1 apart from the black text around it.)
  const tints = Object.entries(colors)
    .filter(([name]) => name !== 'dark')
    .flatMap(([, palette]) => [palette[0], palette[1]]);
  // Dimmed text also sits in the yellow "Verify your email" notice.
  const dimmed = readableOn(colors.gray[6], [
    white,
    page,
    colors.gray[1],
    ...colors.yellow.slice(0, 3),
  ]);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-anchor': readableOn(colors[primaryColor]![7], [white, page, ...tints]),
  };
  for (const [name, palette] of Object.entries(colors)) {
    if (name === 'dark') continue;
    const text = readableOn(palette[6], [white, page, palette[0]]);
    const filled = readableOn(palette[name === primaryColor ? 7 : 6], [white]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    // A light badge or button is shade 1, and shade 2 under the pointer.
    light[`--mantine-color-${name}-light-color`] = readableOn(palette[9], [
      white,
      palette[1],
      palette[2],
    ]);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  light['--mantine-color-success'] = light['--mantine-color-teal-text']!;
  return { variables: frameCssVariables, light, dark: {} };
};
