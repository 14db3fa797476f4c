import { Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { describeRelevance, MIN_LABELS_PER_KIND } from '@shared/api/relevance';
import { toastError } from '../../../lib/toast';
import { useChosenValue } from '../../../lib/use-chosen-value';
import { useAlertRelevance } from '../api/get-alert-relevance';
import { useUpdateAlertRelevance } from '../api/update-alert-relevance';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

const LABEL = 'Hide likely irrelevant mentions';

/**
 * The keyword's "hide likely irrelevant" switch with what it learned so far: the labels until
 * there are enough, then its precision and recall measured on the user's own labels, so that
 * they decide with numbers. Saved as soon as it is flipped. A keyword not yet saved has none.
 */
export function RelevanceFilter({ alertId }: { alertId?: number }) {
  if (alertId === undefined) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {LABEL}
        </Text>
        <Text size="xs" c="dimmed">
          Once this keyword has found mentions, mark them with the thumbs up or down. After{' '}
          {MIN_LABELS_PER_KIND} of each, Earshot can hide the ones that look irrelevant.
        </Text>
      </Stack>
    );
  }
  return <SavedKeywordFilter alertId={alertId} />;
}

function SavedKeywordFilter({ alertId }: { alertId: number }) {
  const relevance = useAlertRelevance(alertId);
  const update = useUpdateAlertRelevance({
    onError: (error) => toastError('Could not change the filter', error),
  });
  const chosen = useChosenValue(relevance.data?.hideIrrelevant ?? false, update);
  if (relevance.isPending) {
    return (
      <LoadingPlaceholder gap={6} label="Loading the relevance filter">
        <Skeleton height={20} width={260} />
        <Skeleton height={32} />
      </LoadingPlaceholder>
    );
  }
  if (relevance.isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="red.8">
          Could not load the relevance filter.
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={relevance.isFetching}
          onClick={() => void relevance.refetch()}
        >
          Retry
        </Button>
      </Group>
    );
  }
  const data = relevance.data;
  const checked = chosen.shown;
  // Off until a model exists; once on, it can always be turned off.
  const available = data.model !== null || checked;
  return (
    <Stack gap={6}>
      <Switch
        label={LABEL}
        description="Learns from your thumbs up and down on this keyword’s mentions. Saved at once; applies to new mentions. Hidden ones stay listed under “Show hidden” and are never emailed or sent to channels."
        checked={checked}
        disabled={!available || update.isPending}
        onChange={(event) => {
          const hideIrrelevant = event.currentTarget.checked;
          chosen.choose(hideIrrelevant);
          update.mutate({ alertId, hideIrrelevant });
        }}
      />
      <Text size="sm" aria-live="polite" data-testid="relevance-figures">
        {describeRelevance(data)}
      </Text>
      {data.training && (
        <Text size="xs" c="dimmed">
          Learning from your latest marks…
        </Text>
      )}
      {checked && (
        <Text size="xs" c="dimmed">
          {data.hiddenToday === 1
            ? '1 mention hidden today.'
            : `${data.hiddenToday.toLocaleString()} mentions hidden today.`}
        </Text>
      )}
    </Stack>
  );
}
