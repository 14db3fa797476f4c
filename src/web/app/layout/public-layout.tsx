import { Anchor, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo';
import { useAuth } from '../../features/accounts';
import { safeNextPath, withNext } from '../../lib/next-path';

function PublicHeader() {
  const { user } = useAuth();
  // A protected page sent the visitor here: signing in (or up) returns there.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  return (
    <Box
      component="header"
      bg="white"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        position: 'sticky',
        top: 0,
        zIndex: 50,
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/landing" aria-label="Earshot home" underline="never">
            <Logo size={28} />
          </Anchor>
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Main">
            <Button component={Link} to="/pricing" variant="subtle" color="gray" size="compact-sm">
              Pricing
            </Button>
            {user ? (
              <Button component={Link} to="/dashboard" size="compact-sm" px="sm">
                Dashboard
              </Button>
            ) : (
              <>
                <Button
                  component={Link}
                  to={withNext('/auth?tab=login', next)}
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                >
                  Log In
                </Button>
                <Button
                  component={Link}
                  to={withNext('/auth?tab=register', next)}
                  size="compact-sm"
                  px="sm"
                >
                  Sign Up
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

const FOOTER_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/refund', label: 'Refund Policy' },
];

export function PublicFooter() {
  return (
    <Box
      component="footer"
      bg="white"
      py="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4}>
            <Logo size={24} />
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} Earshot. Keyword alerts for Reddit.
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Footer">
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Marketing and legal pages: a slim header, the page, and a footer with the legal links. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
