import { Skeleton } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { useExclusions } from '../api/get-exclusions';
import { ExclusionsForm } from './exclusions-form';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/** Settings → Notifications → Global exclusions, with every load state. */
export function GlobalExclusions() {
  const exclusions = useExclusions();
  if (exclusions.isPending) {
    return (
      <LoadingPlaceholder gap="md" label="Loading global exclusions">
        <Skeleton height={20} width={160} />
        <Skeleton height={58} maw={560} />
        <Skeleton height={58} maw={560} />
        <Skeleton height={36} width={140} />
      </LoadingPlaceholder>
    );
  }
  if (exclusions.isError) {
    return (
      <ErrorAlert
        title="Could not load your global exclusions"
        error={exclusions.error}
        onRetry={() => void exclusions.refetch()}
        retrying={exclusions.isFetching}
      />
    );
  }
  return <ExclusionsForm exclusions={exclusions.data} />;
}
