import { Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PreviewRequest } from '@shared/api/preview';
import { parseQuery } from '@shared/query';
import { highlightSegments } from '@shared/query/highlight';
import { useMemo } from 'react';
import { HighlightedText } from '../../../components/highlighted-text';
import { useStats } from '../../mentions';
import { usePreview } from '../api/get-preview';
import { detailLines, headline, planLine } from '../preview-text';

/**
 * The volume preview: the keyword, as the dialog stands, run against what Earshot read in the
 * last hour: "about N a day", a few of the newest matches with the terms highlighted, and the
 * plan's monthly limit beside it.
 */
export function VolumePreview({ input }: { input: PreviewRequest }) {
  const preview = usePreview(input);
  const limit = useStats().data?.limits.monthlyMentions ?? null;
  const ast = useMemo(() => {
    const parsed = parseQuery(input.keyword);
    return parsed.ok ? parsed.ast : undefined;
  }, [input.keyword]);
  if (!ast || preview.isError) return null;
  const data = preview.data;
  if (data?.basis === 'unavailable') return null;
  const plan = data?.estimate && limit !== null ? planLine(data.estimate, limit) : null;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Volume preview" component="section">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          {preview.isFetching && (
            <Loader size={14} role="status" aria-label="Checking the last hour" />
          )}
          <Text fw={600} size="sm">
            {data ? headline(data) : 'Checking the last hour…'}
          </Text>
        </Group>
        {data && (
          <Text size="xs" c="dimmed">
            {detailLines(data).join(' ')}
            {plan && ` ${plan}`}
          </Text>
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
