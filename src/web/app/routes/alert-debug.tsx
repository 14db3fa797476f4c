import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconStethoscope } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';

// The diagnostic (alert status, last error, "Run API Test") arrives with the Reddit polling
// issue; this page already has its route, heading and way back.
export default function AlertDebugRoute() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/alerts" size="sm" w="fit-content">
        <Group gap={6}>
          <IconArrowLeft size={16} aria-hidden />
          Back to Alerts
        </Group>
      </Anchor>
      <PageHeader
        title="Alert Diagnostic"
        description="Check how Earshot reads Reddit for one of your keywords."
      />
      <Card>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconStethoscope size={28} color="var(--mantine-color-indigo-6)" aria-hidden />
          <Stack gap={4}>
            <Text fw={600}>Alert ID: {id}</Text>
            <Text size="sm" c="dimmed">
              Diagnostics for this alert are not available yet. They will show the alert&apos;s
              polling status, its last error and a live API test.
            </Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
