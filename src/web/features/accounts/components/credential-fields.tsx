import { Button, Loader, TextInput, type TextInputProps } from '@mantine/core';

/** The email input of the sign-in and sign-up forms. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="you@example.com"
      autoComplete="email"
      required
      {...props}
    />
  );
}

/**
 * The full-width submit button that shows its pending text while the call runs. See
 * docs/product.md §3 (Screens).
 */
export function PendingSubmitButton(props: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button
      type="submit"
      size="md"
      fullWidth
      disabled={props.pending}
      leftSection={props.pending ? <Loader size={16} color="gray" /> : undefined}
    >
      {props.pending ? props.pendingLabel : props.label}
    </Button>
  );
}
