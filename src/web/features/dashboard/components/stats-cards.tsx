import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Stats } from '@shared/api/stats';
import { IconBell, IconMessageCircle, IconTags, type Icon } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';

type Props = {
  stats: Stats | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
};

function StatCard({
  label,
  value,
  icon: IconCmp,
  hint,
}: {
  label: string;
  value: number | undefined;
  icon: Icon;
  hint: string;
}) {
  // Phones show the three cards side by side, so the icon and the hint line go.
  return (
    <Card role="group" aria-label={label} padding="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4}>
        <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" fw={600}>
          {label}
        </Text>
        <IconCmp
          size={20}
          stroke={1.5}
          color="var(--mantine-color-dimmed)"
          style={{ flexShrink: 0 }}
          className="mantine-visible-from-sm"
        />
      </Group>
      {value === undefined ? (
        <Skeleton height={32} width={56} mt={8} />
      ) : (
        <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={6}>
          {value.toLocaleString()}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4} visibleFrom="sm">
        {hint}
      </Text>
    </Card>
  );
}

/**
 * The dashboard's stats row: Keywords, Total Alerts, Replies. See
 * docs/product.md §3 (Screens).
 */
export function StatsCards({ stats, isPending, error, onRetry }: Props) {
  if (error && !isPending) {
    return <ErrorAlert title="Could not load your stats" error={error} onRetry={onRetry} />;
  }
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        label="Keywords"
        value={stats?.activeAlerts}
        icon={IconTags}
        hint="Active keywords"
      />
      <StatCard
        label="Total Alerts"
        value={stats?.todayMentions}
        icon={IconBell}
        hint="Mentions found today"
      />
      <StatCard
        label="Replies"
        value={stats?.repliedCount}
        icon={IconMessageCircle}
        hint="Mentions you replied to"
      />
    </SimpleGrid>
  );
}
