import { Anchor, Badge, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PreviewRequest } from '@shared/api/preview';
import { parseQuery } from '@shared/query';
import { highlightSegments } from '@shared/query/highlight';
import { hashKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HighlightedText } from '../../../components/highlighted-text';
import { useStats } from '../../mentions';
import { usePreview } from '../api/get-preview';
import { detailLines, headline, planLine } from '../preview-text';

/** How long typing pauses before the preview asks the server. */
const TYPING_PAUSE_MS = 400;

/**
 * The volume preview: the keyword, as the dialog stands (`input` follows the form; it is asked
 * once typing pauses), run against what Earshot read in the last hour: "about N a day", a few of
 * the newest matches with the terms highlighted, and the plan's monthly limit beside it.
 *
 * Its box appears as the keyword is typed, with placeholder lines where the first answer's
 * details will be, not when the answer comes: the fields and buttons below it stay where the
 * user is about to click (an answer that moved them made a click land on the label above).
 */
export function VolumePreview({ input }: { input: PreviewRequest }) {
  const [asked] = useDebouncedValue(input, TYPING_PAUSE_MS);
  const preview = usePreview(asked);
  const limit = useStats().data?.limits.monthlyMentions ?? null;
  const ast = useMemo(() => {
    const parsed = parseQuery(input.keyword);
    return parsed.ok ? parsed.ast : undefined;
  }, [input.keyword]);
  if (!ast || preview.isError) return null;
  const data = preview.data;
  if (data?.basis === 'unavailable') return null;
  // By value: the form hands a new object on every change, a radio's or a channel's too.
  const checking = hashKey([asked]) !== hashKey([input]) || preview.isFetching;
  const plan = data?.estimate && limit !== null ? planLine(data.estimate, limit) : null;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Volume preview" component="section">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          {checking && <Loader size={14} role="status" aria-label="Checking the last hour" />}
          <Text fw={600} size="sm">
            {data ? headline(data) : 'Checking the last hour…'}
          </Text>
        </Group>
        {data ? (
          <Text size="xs" c="dimmed">
            {detailLines(data).join(' ')}
            {plan && ` ${plan}`}
          </Text>
        ) : (
          // Lines of xs text as tall as most first answers' details: two, three on a phone.
          <Stack gap={6} py={3} aria-hidden>
            <Skeleton h={12} />
            <Skeleton h={12} />
            <Skeleton h={12} w="40%" hiddenFrom="sm" />
          </Stack>
        )}
        {data && data.examples.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.examples.map((example) => (
              <Group key={example.permalink} component="li" gap={6} wrap="nowrap" align="baseline">
                <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                  {example.place}
                </Badge>
                <Anchor
                  href={example.permalink}
                  target="_blank"
                  rel="noreferrer noopener"
                  size="xs"
                  lineClamp={1}
                  c="var(--mantine-color-text)"
                >
                  {example.kind === 'comment' && 'Comment on: '}
                  <HighlightedText segments={highlightSegments(ast, example.title)} />
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
