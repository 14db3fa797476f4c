import { Stack, Switch, Text } from '@mantine/core';
import type { DigestConfig } from '@shared/api/digests';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useChosenValue } from '../../../lib/use-chosen-value';
import { useUpdateWeeklyReport } from '../api/update-weekly-report';
import { formatInZone } from '../timezones';

/**
 * The weekly report's opt-in, saved as soon as it is switched (decision 035): apart from the
 * digest form, whose Save would otherwise carry it and move the digest's next slot.
 */
export function WeeklyReportSwitch({
  config,
  emailVerified = true,
}: {
  config: DigestConfig;
  emailVerified?: boolean;
}) {
  const update = useUpdateWeeklyReport();
  const { weeklyReport, timezone } = config;
  const chosen = useChosenValue(weeklyReport.isActive, update);
  const checked = chosen.shown;
  return (
    <Stack gap={6} maw={480}>
      <Switch
        label="Weekly report"
        description="Every Monday morning: your mentions, replies and what they earned over the past week"
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => {
          const isActive = event.currentTarget.checked;
          chosen.choose(isActive);
          update.mutate(
            { isActive },
            {
              onSuccess: (saved) =>
                toastSuccess(
                  saved.weeklyReport.isActive ? 'Weekly report on' : 'Weekly report off',
                  saved.weeklyReport.isActive && saved.weeklyReport.nextSendAt
                    ? `The next one comes ${formatInZone(saved.weeklyReport.nextSendAt, saved.timezone)}.`
                    : 'You will not get the weekly report.',
                ),
              onError: (error) => toastError('Update failed', error),
            },
          );
        }}
      />
      {checked && weeklyReport.nextSendAt && (
        <Text size="xs" c="dimmed">
          Next report {formatInZone(weeklyReport.nextSendAt, timezone)} · sent only for a week with
          mentions
          {!emailVerified && ', once you verify your email address'}
        </Text>
      )}
    </Stack>
  );
}
