import { Stack, type StackProps } from '@mantine/core';

/**
 * A section's stand-in while its data loads: skeletons in its shape, announced once as busy,
 * by what is loading (a generic element cannot carry the label without the role).
 */
export function LoadingPlaceholder({ label, ...stack }: StackProps & { label: string }) {
  return <Stack role="status" aria-busy="true" aria-label={label} {...stack} />;
}
