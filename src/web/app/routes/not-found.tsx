import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';

export default function NotFoundRoute() {
  return (
    <Center mih="100vh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <LogoMark size={48} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          404 Page Not Found
        </Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Go home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
