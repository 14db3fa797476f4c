import { Alert as Notice, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AlertMonitoring } from '@shared/api/diagnostic';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { ResponsiveTable } from '../../../components/responsive-table';
import {
  ago,
  clockTime,
  gapsLabel,
  intervalLabel,
  listingLabel,
} from '../../../lib/monitoring-format';
import { useAlertMonitoring } from '../api/get-alert-monitoring';

const BACKFILL_TEXT: Record<string, string> = {
  pending: 'waiting for a free Reddit request',
  done: 'done',
  failed: 'gave up after repeated failures',
  superseded: 'replaced by a newer search after an edit',
};

function backfillLine(backfill: NonNullable<AlertMonitoring['backfill']>, now: number) {
  const state = BACKFILL_TEXT[backfill.status] ?? backfill.status;
  const when = backfill.finishedAt ? ` ${ago(backfill.finishedAt, now)}` : '';
  // Beside the API test's "Found 70", a bare "0 added" reads as a fault: it needs its reason.
  const notSaved =
    backfill.overQuota > 0
      ? ` (${backfill.overQuota.toLocaleString()} more not saved: this month’s mentions are used up)`
      : '';
  const stored =
    backfill.status === 'done'
      ? `: ${backfill.stored.toLocaleString()} matching post${backfill.stored === 1 ? '' : 's'} of the past week added${notSaved}`
      : '';
  const error = backfill.lastError ? ` (last try: ${backfill.lastError})` : '';
  return `Past week search ${state}${when}${stored}${error}`;
}

function Listings({ data, now }: { data: AlertMonitoring; now: number }) {
  if (data.listings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No Reddit listing is read for this alert yet.
      </Text>
    );
  }
  return (
    <ResponsiveTable
      label="Listings of this alert"
      minWidth={520}
      rows={data.listings}
      rowKey={(listing) => listing.id}
      columns={[
        {
          label: 'Listing',
          cell: (listing) => (
            <>
              {listingLabel(listing)}
              {listing.lastError && (
                <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {listing.lastError}
                </Text>
              )}
            </>
          ),
        },
        {
          label: 'Last read',
          cell: (listing) =>
            listing.lastSuccessAt
              ? `${clockTime(listing.lastSuccessAt, now)} (${ago(listing.lastSuccessAt, now)})`
              : 'not yet',
        },
        {
          label: 'Read every',
          nowrap: true,
          cell: (listing) => intervalLabel(listing.intervalSeconds),
        },
        { label: 'Gaps (24 h)', cell: (listing) => gapsLabel(listing.gaps24h) },
      ]}
    />
  );
}

/** How Earshot reads Reddit for this alert: listings, last reads, gaps, the week's backfill. */
export function AlertMonitoringCard({ id }: { id: string }) {
  const monitoring = useAlertMonitoring(id);
  // Times read relative to when the data was fetched (refetched after each API test).
  const now = monitoring.dataUpdatedAt;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Monitoring">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Monitoring
        </Title>
        {monitoring.isPending ? (
          <Skeleton height={90} />
        ) : monitoring.isError ? (
          <ErrorAlert
            title="Could not load how this alert is monitored"
            error={monitoring.error}
            onRetry={() => monitoring.refetch()}
          />
        ) : (
          <>
            {monitoring.data.notice && (
              <Notice color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
                {monitoring.data.notice}
              </Notice>
            )}
            <Listings data={monitoring.data} now={now} />
            {monitoring.data.gaps.length > 0 && (
              <List size="sm" spacing={4} aria-label="Gaps of the last 24 hours">
                {monitoring.data.gaps.map((gap) => (
                  <List.Item key={`${gap.listingId}-${gap.detectedAt}`}>
                    {clockTime(gap.fromTime, now)}–{clockTime(gap.toTime, now)}: about{' '}
                    {gap.estimatedItems.toLocaleString()} items not read ({gap.reason})
                  </List.Item>
                ))}
              </List>
            )}
            <Text size="sm" c="dimmed">
              {monitoring.data.gaps.length === 0 ? 'No gaps in the last 24 hours. ' : ''}
              {monitoring.data.backfill
                ? backfillLine(monitoring.data.backfill, now)
                : 'No past week search for this alert.'}
              {monitoring.data.scoreCandidates > 0 &&
                ` · ${monitoring.data.scoreCandidates.toLocaleString()} match${monitoring.data.scoreCandidates === 1 ? '' : 'es'} waiting for their score to reach the minimum`}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
