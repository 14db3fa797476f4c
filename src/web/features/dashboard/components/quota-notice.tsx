import { Alert as Notice, Anchor, Text } from '@mantine/core';
import { keywordsOverPace, type Stats } from '@shared/api/stats';
import { isMonthlyQuotaReached } from '@shared/builtin-plans';
import { rounded } from '@shared/volume-estimate';
import { IconAlertTriangle, IconGauge } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageNotice } from '../../../components/notice-area';
import { quoteKeyword } from '../../../lib/quote-keyword';

const quoted = (keywords: string[]) => keywords.map((k) => quoteKeyword(k)).join(', ');

function UpgradeLink() {
  return (
    <Anchor component={Link} to="/pricing" size="sm" fw={600}>
      Upgrade to Pro
    </Anchor>
  );
}

/** "“slack” (46), “notion” (4)": who used this month's mentions, most first. */
function usedBy(stats: Stats) {
  const used = stats.keywordUsage.filter((k) => k.monthMentions > 0).slice(0, 3);
  if (used.length === 0) return '';
  return ` Used by ${used.map((k) => `${quoteKeyword(k.keyword)} (${k.monthMentions.toLocaleString()})`).join(', ')}.`;
}

/**
 * Past the monthly quota new matches are not stored, and the dashboard says so and which
 * keywords used it (docs/product.md §2, Plans and limits). Before that, a keyword matching fast
 * enough to use the whole month's quota within a day is named, while there is time to act.
 */
export function useQuotaNotice(stats: Stats | undefined): PageNotice | null {
  if (!stats) return null;
  if (isMonthlyQuotaReached(stats.limits, stats.monthMentions)) {
    return { id: 'quota', urgency: 'blocking', element: <QuotaReached stats={stats} /> };
  }
  if (keywordsOverPace(stats).length === 0) return null;
  return { id: 'quota-pace', urgency: 'advice', element: <QuotaPace stats={stats} /> };
}

function QuotaReached({ stats }: { stats: Stats }) {
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
        .{usedBy(stats)} <UpgradeLink /> for unlimited mentions.
      </Text>
    </Notice>
  );
}

function QuotaPace({ stats }: { stats: Stats }) {
  const limit = stats.limits.monthlyMentions ?? 0;
  const fast = keywordsOverPace(stats);
  if (fast.length === 0) return null;
  // The busiest: its figure when steady, else the low end of its range (src/shared/volume-estimate.ts).
  const { estimate } = fast[0];
  const steady = estimate?.confidence === 'steady';
  const pace = rounded((steady ? estimate?.perDay : estimate?.low) ?? 0);
  return (
    <Notice
      color="yellow"
      variant="light"
      icon={<IconGauge size={18} />}
      title="A keyword is on course to use this month’s mentions within a day"
    >
      <Text size="sm">
        {quoted(fast.map((k) => k.keyword))} {fast.length === 1 ? 'matches' : 'match'}{' '}
        {steady ? 'about' : 'at least'} {pace.toLocaleString()} mentions a day
        {fast.length > 1 ? ' (the busiest)' : ''}; your plan includes {limit.toLocaleString()} a
        month, {stats.monthMentions.toLocaleString()} used so far. Narrow{' '}
        {fast.length === 1 ? 'it' : 'them'} with subreddits, a phrase in quotes or -exclusions, or{' '}
        <UpgradeLink /> for unlimited mentions.
      </Text>
    </Notice>
  );
}
