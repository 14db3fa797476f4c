import {
  Anchor,
  Button,
  Card,
  createTheme,
  Modal,
  Paper,
  PasswordInput,
  TextInput,
  Title,
} from '@mantine/core';

/** One theme for every screen: calm neutrals, an indigo primary and soft, rounded surfaces. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
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
    Modal: Modal.extend({ defaultProps: { radius: 'lg', centered: true } }),
    TextInput: TextInput.extend({ defaultProps: { radius: 'md' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { radius: 'md' } }),
    Title: Title.extend({ styles: { root: { letterSpacing: '-0.01em' } } }),
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
  },
});
