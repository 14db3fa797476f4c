import { Anchor, Code, Stack, Text } from '@mantine/core';

const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * Where the reference is and how an agent connects. The reference is the server's own page, not
 * one of the app's routes: a plain link, which the router leaves alone.
 */
export function ApiIntro() {
  const origin = window.location.origin;
  return (
    <Stack gap={6}>
      <Text size="sm" style={WRAP}>
        Send a key on every call as <Code>Authorization: Bearer &lt;key&gt;</Code>. The{' '}
        <Anchor href="/api/docs/" size="sm" fw={600}>
          API reference
        </Anchor>{' '}
        lists every route with examples.
      </Text>
      <Text size="sm" style={WRAP}>
        AI agents: add the MCP server <Code>{`${origin}/mcp`}</Code> with the header{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code>.
      </Text>
    </Stack>
  );
}
