import { Button, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { WEEKDAYS, type DigestConfig } from '@shared/api/digests';
import { useMemo } from 'react';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateDigestConfig } from '../api/update-digest-config';
import { browserTimezone, formatInZone, timezoneOptions } from '../timezones';
import { SaveChangesButton } from '../../../components/save-changes-button';

type Values = {
  isActive: boolean;
  frequency: DigestConfig['frequency'];
  weekday: string;
  time: string;
  timezone: string;
};

const valuesOf = (config: DigestConfig): Values => ({
  isActive: config.isActive,
  frequency: config.frequency,
  weekday: String(config.weekday),
  time: config.time,
  timezone: config.timezone,
});

const weekdayOptions = WEEKDAYS.map((day, index) => ({ value: String(index), label: day }));

/** Instant, or daily or weekly at a local time in an IANA timezone; Save once something changed. */
export function DigestSettingsForm({ config }: { config: DigestConfig }) {
  const update = useUpdateDigestConfig();
  const form = useForm<Values>({
    initialValues: valuesOf(config),
    validate: {
      time: (value) =>
        /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : 'Enter a time such as 08:00',
      timezone: (value) => (value ? null : 'Choose a timezone'),
    },
  });
  const zones = useMemo(() => timezoneOptions([config.timezone]), [config.timezone]);
  const here = browserTimezone();

  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...values, weekday: Number(values.weekday) },
      {
        onSuccess: (saved) => {
          const next = valuesOf(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          toastSuccess(
            'Digest settings saved',
            saved.isActive && saved.nextSendAt
              ? `Your next digest is due ${formatInZone(saved.nextSendAt, saved.timezone)}.`
              : 'Email digests are off.',
          );
        },
        onError: failedSubmit(form, 'Update failed'),
      },
    );
  });

  const off = !form.values.isActive;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <Switch
          label="Email me a digest of new mentions"
          description="Covers keywords whose notifications are set to Dashboard + Email."
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="digest-frequency-label">
            Frequency
          </Text>
          <SegmentedControl
            aria-labelledby="digest-frequency-label"
            disabled={off}
            data={[
              { value: 'instant', label: 'Instant' },
              { value: 'daily', label: 'Daily' },
              { value: 'weekly', label: 'Weekly' },
            ]}
            {...form.getInputProps('frequency')}
          />
        </Stack>
        {form.values.frequency === 'weekly' && (
          <Select
            label="Day of the week"
            data={weekdayOptions}
            allowDeselect={false}
            disabled={off}
            {...form.getInputProps('weekday')}
          />
        )}
        {form.values.frequency === 'instant' ? (
          <Text size="sm" c="dimmed">
            New mentions are emailed within a few minutes of being found, in one email per few
            minutes; nothing is sent when nothing is new.
          </Text>
        ) : (
          <TimeInput
            label="Time"
            description="Your local time in the timezone below."
            disabled={off}
            {...form.getInputProps('time')}
          />
        )}
        <Select
          label="Timezone"
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No matching timezone"
          disabled={off}
          {...form.getInputProps('timezone')}
        />
        {here !== form.values.timezone && !off && (
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            onClick={() => form.setFieldValue('timezone', here)}
          >
            Use this browser&apos;s timezone ({here.replaceAll('_', ' ')})
          </Button>
        )}
        <SaveChangesButton dirty={form.isDirty()} pending={update.isPending} />
      </Stack>
    </form>
  );
}
