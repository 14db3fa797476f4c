import { Skeleton, Stack } from '@mantine/core';

/** Placeholders shaped like mention cards, while the first page loads. */
export function MentionSkeletons({ count }: { count: number }) {
  return (
    <Stack gap="md" role="status" aria-label="Loading mentions">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap={8}>
          <Skeleton height={12} width="35%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={12} />
          <Skeleton height={12} width="60%" />
        </Stack>
      ))}
    </Stack>
  );
}
