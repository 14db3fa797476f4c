import { Code, Text } from '@mantine/core';

/** The keyword language at a glance: docs/product.md §5 (Keyword query language). */
export function SyntaxHints() {
  return (
    <Text size="xs" c="dimmed" lh={1.7}>
      Use quotes for exact phrases (<Code>&quot;customer support&quot;</Code>), <Code>AND</Code>,{' '}
      <Code>OR</Code> and <Code>NOT</Code> in capitals to combine words (words side by side must all
      appear), <Code>-word</Code> to leave a word out, <Code>pric*</Code> for words starting with
      it, and parentheses to group.
    </Text>
  );
}
