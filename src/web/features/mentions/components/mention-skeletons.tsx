import { Skeleton, Stack } from '@mantine/core';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/** Placeholders shaped like mention cards, while the first page loads. */
export function MentionSkeletons({ count }: { count: number }) {
  return (
    <LoadingPlaceholder gap="md" label="Loading mentions">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap={8}>
          <Skeleton height={12} width="35%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={12} />
          <Skeleton height={12} width="60%" />
        </Stack>
      ))}
    </LoadingPlaceholder>
  );
}
