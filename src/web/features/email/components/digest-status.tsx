import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DigestConfig } from '@shared/api/digests';
import { IconAlertTriangle, IconClockHour4, IconMailCheck, IconMailOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatInZone } from '../timezones';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {icon}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

/** When the next digest leaves, how the last one went, and any delivery problem. */
export function DigestStatus({
  config,
  emailVerified = true,
}: {
  config: DigestConfig;
  emailVerified?: boolean;
}) {
  const { timezone, lastDigest, lastFailure } = config;
  return (
    <Stack gap="md">
      {lastFailure && (
        <Alert
          color={lastFailure.retrying ? 'yellow' : 'red'}
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={
            lastFailure.retrying
              ? 'Digest delivery delayed'
              : 'Your last digest could not be delivered'
          }
        >
          <Text size="sm">
            {lastFailure.message}
            {lastFailure.retrying && lastFailure.nextAttemptAt
              ? ` We will try again ${formatInZone(lastFailure.nextAttemptAt, timezone)}.`
              : ` (${formatInZone(lastFailure.at, timezone)}). The mentions it held stay in your next digest.`}
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact
          label="Next digest"
          icon={
            config.isActive ? (
              <IconClockHour4 size={22} color="var(--mantine-color-orange-6)" aria-hidden />
            ) : (
              <IconMailOff size={22} color="var(--mantine-color-gray-6)" aria-hidden />
            )
          }
        >
          {config.isActive && config.nextSendAt ? (
            <>
              <Text fw={600}>{formatInZone(config.nextSendAt, timezone)}</Text>
              <Text size="xs" c="dimmed">
                {timezone.replaceAll('_', ' ')} · sent only when there are new mentions
              </Text>
              {!emailVerified && (
                <Text size="xs" fw={600}>
                  Not sent until you verify your email address.
                </Text>
              )}
            </>
          ) : (
            <Text fw={600}>Email digests are off</Text>
          )}
        </Fact>
        <Fact
          label="Last digest"
          icon={<IconMailCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />}
        >
          {lastDigest ? (
            <>
              <Text fw={600}>{formatInZone(lastDigest.sentAt, timezone)}</Text>
              <Text size="xs" c="dimmed">
                {lastDigest.mentionCount === 1
                  ? '1 mention'
                  : `${lastDigest.mentionCount.toLocaleString('en-US')} mentions`}
              </Text>
            </>
          ) : (
            <>
              <Text fw={600}>None sent yet</Text>
              <Text size="xs" c="dimmed">
                Keywords set to Dashboard + Email feed your digest
              </Text>
            </>
          )}
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}
