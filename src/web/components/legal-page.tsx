import { Anchor, Container, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSupportEmail } from '../lib/get-site-info';

/** The server's support address (SUPPORT_EMAIL) as a mail link; a gap while it loads. */
export function SupportEmailLink() {
  const supportEmail = useSupportEmail();
  if (!supportEmail) return <Skeleton component="span" display="inline-block" h="1em" w="12em" />;
  return <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>;
}

/** A long-form legal document: title, date, and readable sections. */
export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={780} py={{ base: 32, md: 64 }}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} className="prose">
        <Stack gap="xs" mb="xl">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Last updated: {updated}
          </Text>
          <Text mt="sm">{intro}</Text>
        </Stack>
        <Stack gap="xl">{children}</Stack>
      </Paper>
    </Container>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} fz="xl">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={6} withPadding>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}
