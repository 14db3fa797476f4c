import { Checkbox, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SOURCE_LABELS, type SourceName } from '@shared/sources';
import {
  checkedSources,
  chosenSources,
  pickSources,
  type AlertFormValues,
} from '../alert-form-values';

type Props = {
  form: UseFormReturnType<AlertFormValues>;
  /** The sites this server reads (GET /api/site): one box each. */
  enabled: readonly SourceName[];
};

/**
 * Which sites the keyword listens to. Until a box is touched the ticks follow the subreddits
 * (all sites, or Reddit alone once subreddits are named), as the server's default does.
 */
export function SitesChoice({ form, enabled }: Props) {
  const values = form.getValues();
  const chosen = chosenSources(values, enabled) ?? [];
  return (
    <Checkbox.Group
      label="Sites"
      description="Where to listen. Subreddits apply to Reddit only."
      value={checkedSources(chosen, enabled)}
      onChange={(checked) => {
        form.setFieldValue('sources', pickSources(chosen, enabled, checked));
        form.validateField('sources');
      }}
      error={form.errors.sources}
    >
      <Group gap="lg" mt={6} style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
        {enabled.map((source) => (
          <Checkbox key={source} value={source} label={SOURCE_LABELS[source]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
