import { Anchor, Box, Collapse, Group, List, Paper, Skeleton, Text } from '@mantine/core';
import { useDisclosure, useInterval } from '@mantine/hooks';
import type { IngestionStatus } from '@shared/api/ingestion';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useIngestionStatus } from '../api/get-ingestion-status';
import {
  caughtLabel,
  gapsLabel,
  intervalLabel,
  lateLabel,
  postIdsLabel,
} from '../../../lib/monitoring-format';
import { ago, listingLabel, summarizeHealth, type HealthTone } from '../summarize-health';
import { SiteDetails } from './site-details';

const TONE_COLOR: Record<HealthTone, string> = {
  ok: 'var(--mantine-color-teal-6)',
  warning: 'var(--mantine-color-orange-6)',
  error: 'var(--mantine-color-red-6)',
  off: 'var(--mantine-color-gray-5)',
};

function ListingDetails({ status, now }: { status: IngestionStatus; now: number }) {
  if (status.listings.length === 0) return null;
  return (
    <Box mt="sm">
      <ResponsiveTable
        label="Listings read for your keywords"
        size="xs"
        minWidth={760}
        rows={status.listings}
        rowKey={(listing) => listing.id}
        columns={[
          { label: 'Listing', cell: (listing) => listingLabel(listing) },
          {
            label: 'Read every',
            nowrap: true,
            cell: (listing) => intervalLabel(listing.intervalSeconds),
          },
          {
            label: 'New items',
            nowrap: true,
            cell: (listing) => `${listing.itemsPerMinute.toLocaleString()}/min`,
          },
          {
            label: 'Last read',
            cell: (listing) =>
              listing.lastSuccessAt ? ago(listing.lastSuccessAt, now) : 'not yet',
          },
          { label: 'Gaps (24 h)', cell: (listing) => gapsLabel(listing.gaps24h) },
          {
            label: 'Late items',
            cell: (listing) => lateLabel(listing),
          },
          { label: 'Caught (24 h)', cell: (listing) => caughtLabel(listing.caught24h) },
        ]}
      />
      {status.budget && (
        <Text size="xs" c="dimmed" mt={4}>
          Reddit requests: {status.budget.used.toLocaleString()} of{' '}
          {status.budget.limit.toLocaleString()} in this window ·{' '}
          {status.budget.sentLastMinute.toLocaleString()} in the last minute
        </Text>
      )}
      {status.postIds && (
        <Text size="xs" c="dimmed" mt={2}>
          {postIdsLabel(status.postIds)}
        </Text>
      )}
    </Box>
  );
}

/**
 * The dashboard's monitoring line: "Monitoring 4 listings · last update 12 s ago · no gaps
 * today", or exactly what is wrong, each other site's state beneath ("Hacker News: read 12 s
 * ago"), then the warnings, and per-listing and per-site details.
 */
export function MonitoringHealth() {
  const status = useIngestionStatus();
  const [now, setNow] = useState(() => Date.now());
  const [detailsOpened, details] = useDisclosure(false);
  useInterval(() => setNow(Date.now()), 5000, { autoInvoke: true });

  if (status.isPending) return <Skeleton height={44} radius="md" />;
  if (status.error) {
    return (
      <ErrorAlert
        title="Could not load the monitoring status"
        error={status.error}
        onRetry={() => status.refetch()}
      />
    );
  }
  const summary = summarizeHealth(status.data, now);
  const sites = status.data.sources.filter((site) => site.source !== 'reddit');
  const hasDetails = status.data.listings.length > 0 || sites.length > 0;
  return (
    <Paper withBorder px="md" py="sm" radius="md" role="status" aria-label="Monitoring status">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          mt={6}
          w={10}
          h={10}
          style={{ borderRadius: '50%', flexShrink: 0, background: TONE_COLOR[summary.tone] }}
          aria-hidden
        />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500} c={summary.tone === 'error' ? 'red.7' : undefined}>
              {summary.headline}
            </Text>
            {hasDetails && (
              <Anchor component="button" type="button" size="xs" onClick={details.toggle}>
                {detailsOpened ? 'Hide details' : 'Details'}
              </Anchor>
            )}
          </Group>
          {summary.sites.length > 0 && (
            <Text size="xs" mt={2} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {summary.sites.map((site, i) => (
                <span key={site.source}>
                  {i > 0 && ' · '}
                  <Text span inherit c={site.failing ? 'orange' : undefined}>
                    {site.text}
                  </Text>
                </span>
              ))}
            </Text>
          )}
          {summary.warnings.length > 0 && (
            <List size="xs" c="orange" mt={4} spacing={2}>
              {summary.warnings.map((warning) => (
                <List.Item key={warning} style={{ overflowWrap: 'anywhere' }}>
                  {warning}
                </List.Item>
              ))}
            </List>
          )}
          <Collapse expanded={detailsOpened}>
            {hasDetails && <ListingDetails status={status.data} now={now} />}
            {sites.length > 0 && (
              <Box mt="sm">
                <SiteDetails sites={sites} now={now} />
              </Box>
            )}
          </Collapse>
        </Box>
      </Group>
    </Paper>
  );
}
