import { Alert as Notice, Anchor, Loader, Text } from '@mantine/core';
import type { AlertMonitoring } from '@shared/api/diagnostic';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PageNotice } from '../../../components/notice-area';
import { alertMonitoringQueryOptions } from '../api/get-alert-monitoring';
import { quoteKeyword } from '../../../lib/quote-keyword';

type NewAlert = { id: number; keyword: string };

/** "Found 12 from the past week", or that the search is still running, in words. */
export function backfillLine(backfill: AlertMonitoring['backfill']) {
  if (!backfill || backfill.status === 'pending') return 'Searching the past week…';
  if (backfill.status === 'failed') return 'Could not search the past week; new posts still count.';
  const found = backfill.stored;
  const unsaved = backfill.overQuota;
  if (found === 0 && unsaved > 0) {
    return `${unsaved.toLocaleString()} from the past week not saved: this month's mentions are used up.`;
  }
  if (found === 0) return 'Nothing from the past week; new posts will show here.';
  const more =
    unsaved > 0
      ? ` (${unsaved.toLocaleString()} more not saved: this month's mentions are used up)`
      : '';
  return `Found ${found.toLocaleString()} from the past week${more}.`;
}

/**
 * The answer to creating a keyword: what its search of the past week found, linking to them
 * (the Alerts list of that keyword), so they are not lost among newer mentions. Follows the
 * search through the live events (a backfill that ends moves the alert's data).
 */
export function useBackfillNotice(alert: NewAlert | undefined, onDismiss: () => void) {
  const monitoring = useQuery({
    ...alertMonitoringQueryOptions(String(alert?.id ?? 0)),
    enabled: alert !== undefined,
  });
  if (!alert) return null;
  const backfill = monitoring.data?.backfill ?? null;
  const searching = !backfill || backfill.status === 'pending';
  const notice: PageNotice = {
    id: `backfill-${alert.id}`,
    urgency: 'result',
    element: (
      <Notice
        color="indigo"
        variant="light"
        icon={searching ? <Loader size={16} /> : <IconHistory size={18} aria-hidden />}
        title={`${quoteKeyword(alert.keyword)} was added`}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
        role="status"
      >
        <Text size="sm">
          {backfillLine(backfill)}{' '}
          {!searching && backfill.stored > 0 && (
            <Anchor component={Link} to={`/mentions?alertId=${alert.id}`} size="sm" inherit>
              See them
            </Anchor>
          )}
        </Text>
      </Notice>
    ),
  };
  return notice;
}
