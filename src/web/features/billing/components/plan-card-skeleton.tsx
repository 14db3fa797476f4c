import { Card, Skeleton, Stack } from '@mantine/core';

export function PlanCardSkeleton() {
  return (
    <Card padding="xl" aria-hidden>
      <Stack gap="md">
        <Skeleton h={24} w="40%" />
        <Skeleton h={14} w="80%" />
        <Skeleton h={40} w="50%" />
        <Skeleton h={14} />
        <Skeleton h={14} />
        <Skeleton h={14} w="70%" />
        <Skeleton h={36} mt="md" />
      </Stack>
    </Card>
  );
}
