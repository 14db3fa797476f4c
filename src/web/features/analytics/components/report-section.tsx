import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface ReportSectionProps {
  title: string;
  description: ReactNode;
  /** Beside the title: Export CSV, and the chart's Show as table. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of the report: a titled, bordered section (a region named by its title). */
export function ReportSection({ title, description, actions, children }: ReportSectionProps) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
