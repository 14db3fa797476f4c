import { Code, Text } from '@mantine/core';

/** The keyword language at a glance (src/shared/query/index.ts, decision 015 for operators). */
export function SyntaxHints() {
  return (
    <>
      <Text size="xs" c="dimmed" lh={1.7}>
        Use quotes for exact phrases (<Code>&quot;customer support&quot;</Code>), <Code>AND</Code>,{' '}
        <Code>OR</Code> and <Code>NOT</Code> in capitals to combine words (words side by side must
        all appear), <Code>-word</Code> to leave a word out, <Code>pric*</Code> for words starting
        with it, and parentheses to group.
      </Text>
      <Text size="xs" c="dimmed" lh={1.7}>
        Narrow it down: <Code>-author:AutoModerator</Code> or <Code>author:name</Code>,{' '}
        <Code>subreddit:SaaS</Code>, <Code>type:post</Code> or <Code>type:comment</Code>,{' '}
        <Code>title:pricing</Code> (in the title), <Code>stripe NEAR/5 fees</Code> (within 5 words),{' '}
        <Code>nsfw:no</Code>, and <Code>source:hn</Code> or <Code>-source:bluesky</Code> (one site,
        or not: reddit, hn, lobsters, bluesky). Outside parentheses a filter applies to the whole
        keyword.
      </Text>
    </>
  );
}
