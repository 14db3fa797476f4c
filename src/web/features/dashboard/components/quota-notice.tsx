import { Alert as Notice, Anchor, Text } from '@mantine/core';
import type { Stats } from '@shared/api/stats';
import { isMonthlyQuotaReached } from '@shared/builtin-plans';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Past the monthly quota new matches are not stored, and the dashboard says so. See
 * docs/product.md §2 (Plans and limits).
 */
export function QuotaNotice({ stats }: { stats: Stats | undefined }) {
  if (!stats || !isMonthlyQuotaReached(stats.limits, stats.monthMentions)) return null;
  const limit = stats.limits.monthlyMentions ?? 0;
  return (
    <Notice
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Monthly mention limit reached"
    >
      <Text size="sm">
        You have used all {limit.toLocaleString()} mentions included in your plan this month, so new
        matches are not being saved until next month
        {stats.skippedMentions > 0
          ? ` (${stats.skippedMentions.toLocaleString()} not saved so far)`
          : ''}
        .{' '}
        <Anchor component={Link} to="/pricing" size="sm" fw={600}>
          Upgrade to Pro
        </Anchor>{' '}
        for unlimited mentions.
      </Text>
    </Notice>
  );
}
