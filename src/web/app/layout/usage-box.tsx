import { ActionIcon, Anchor, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { User } from '@shared/api/auth';
import { Link } from 'react-router';
import { useStats } from '../../features/mentions';
import { useCurrentWorkspace } from '../../features/workspaces';
import { LoadingPlaceholder } from '../../components/loading-placeholder';

function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const unlimited = limit === null;
  const percent = unlimited || limit === 0 ? 0 : Math.min(100, (used / limit) * 100);
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'indigo';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="gray.7">
          {label}
        </Text>
        <Text size="xs" fw={600} c="dark.6">
          {unlimited
            ? used.toLocaleString()
            : `${used.toLocaleString()} / ${limit.toLocaleString()}`}
        </Text>
      </Group>
      {unlimited ? (
        <Text size="xs" c="dimmed">
          Unlimited
        </Text>
      ) : (
        <Progress
          value={percent}
          color={color}
          size="sm"
          radius="xl"
          aria-label={`${label}: ${used} of ${limit} used`}
        />
      )}
    </Stack>
  );
}

/**
 * The current workspace's usage from GET /api/stats (per workspace): active keywords, this
 * month's mentions and, on a plan with room for a team, its seats, against its plan's limits.
 * A team's workspace is on its owner's plan: no "Upgrade" there, which would buy the user's own.
 */
export function UsageBox({ user }: { user: User }) {
  const stats = useStats();
  const workspace = useCurrentWorkspace();
  const own = !workspace || workspace.isPersonal;
  const isPro = user.planType === 'pro';
  const title = !own ? 'Workspace Limits' : isPro ? 'Pro Plan Usage' : 'Free Plan Limits';
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
          {title}
        </Text>
        {own && !isPro && (
          <Anchor component={Link} to="/pricing" size="xs" fw={600}>
            Upgrade
          </Anchor>
        )}
      </Group>
      {stats.isPending ? (
        <LoadingPlaceholder gap="sm" label="Loading usage">
          <Skeleton h={10} />
          <Skeleton h={6} />
          <Skeleton h={10} />
          <Skeleton h={6} />
        </LoadingPlaceholder>
      ) : stats.isError ? (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="red">
            Could not load usage
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Retry loading usage"
            loading={stats.isFetching}
            onClick={() => void stats.refetch()}
          >
            <IconRefresh size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ) : (
        <Stack gap="sm">
          <UsageMeter
            label="Keywords"
            used={stats.data.activeAlerts}
            limit={stats.data.limits.activeKeywords}
          />
          <UsageMeter
            label="Mentions this month"
            used={stats.data.monthMentions}
            limit={stats.data.limits.monthlyMentions}
          />
          {workspace && stats.data.limits.seats > 1 && (
            <UsageMeter
              label="Seats"
              used={workspace.memberCount}
              limit={stats.data.limits.seats}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
