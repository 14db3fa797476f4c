import { parsePlanFeatures, type Plan } from '@shared/api/plans';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatInterval, formatPrice } from '../format-price';

interface PlanCardProps {
  plan: Plan;
  /** Highlight the card and show the RECOMMENDED badge. */
  recommended?: boolean;
  /** Mark the card as the plan the user is on. */
  current?: boolean;
  action?: ReactNode;
  footnote?: ReactNode;
}

export function PlanCard({ plan, recommended, current, action, footnote }: PlanCardProps) {
  const features = parsePlanFeatures(plan.features);
  const headingId = `plan-${plan.name.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      shadow={recommended ? 'md' : 'xs'}
      padding="xl"
      style={{
        borderColor: recommended ? 'var(--mantine-color-indigo-5)' : undefined,
        borderWidth: recommended ? 2 : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack gap="lg" style={{ flex: 1 }}>
        <Stack gap={6}>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title order={3} id={headingId} fz="xl">
              {plan.name}
            </Title>
            <Group gap={6}>
              {current && (
                <Badge variant="light" color="teal">
                  Current plan
                </Badge>
              )}
              {recommended && (
                <Badge variant="filled" color="indigo">
                  RECOMMENDED
                </Badge>
              )}
            </Group>
          </Group>
          <Text c="dimmed" size="sm">
            {plan.description}
          </Text>
        </Stack>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} lh={1} style={{ letterSpacing: '-0.02em' }}>
            {formatPrice(plan.price)}
          </Text>
          <Text c="dimmed" size="sm">
            {formatInterval(plan.interval)}
          </Text>
        </Group>
        <List
          spacing="sm"
          size="sm"
          center
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal">
              <IconCheck size={13} stroke={3} aria-hidden />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {action}
        {footnote}
      </Stack>
    </Card>
  );
}
