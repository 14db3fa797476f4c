import { Checkbox, Collapse, NumberInput, Stack, UnstyledButton, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { FEED_SCORES_UNKNOWN } from '@shared/api/ingestion';
import { RelevanceFilter } from '../../relevance';
import type { AlertFormValues } from '../alert-form-values';

type Props = {
  form: UseFormReturnType<AlertFormValues>;
  /** Limited mode: feeds carry no scores, so a minimum score cannot be applied. */
  limited?: boolean;
  /** Which of the chosen sites give no score (they pass any minimum); null when none. */
  unscoredNote?: string | null;
  /** The keyword being edited (none for a new one): its relevance filter is shown. */
  alertId?: number;
  opened: boolean;
  onToggle: () => void;
};

/** The collapsible part of the keyword dialog: what to match (how to be told is outside it). */
export function AdvancedOptions({
  form,
  opened,
  onToggle,
  limited = false,
  unscoredNote = null,
  alertId,
}: Props) {
  const panelId = useId();
  return (
    <div>
      <UnstyledButton onClick={onToggle} aria-expanded={opened} aria-controls={panelId}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            Advanced Options
          </Text>
          <IconChevronDown
            size={16}
            style={{
              transform: opened ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="md" pt="sm">
          <Checkbox
            label="Include comments"
            description="Match comments as well as posts"
            {...form.getInputProps('includeComments', { type: 'checkbox' })}
            key={form.key('includeComments')}
          />
          <Checkbox
            label="Titles only"
            description="Match post titles and ignore the post text"
            {...form.getInputProps('titlesOnly', { type: 'checkbox' })}
            key={form.key('titlesOnly')}
          />
          <NumberInput
            label="Minimum score"
            description={[
              limited
                ? FEED_SCORES_UNKNOWN
                : 'Only posts and comments with at least this many upvotes.',
              unscoredNote,
            ]
              .filter(Boolean)
              .join(' ')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            maw={limited || unscoredNote ? undefined : 220}
            {...form.getInputProps('minScore')}
            key={form.key('minScore')}
          />
          <RelevanceFilter alertId={alertId} />
        </Stack>
      </Collapse>
    </div>
  );
}
