import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { useAlerts } from '../../features/alerts';
import { exportUrl, MentionFilters, MentionList, useUrlFilters } from '../../features/mentions';
import { FeedbackButtons, HiddenCount } from '../../features/relevance';
import { useAssignees } from '../../features/workspaces';
import { useSitesText } from '../../lib/sites-text';

/**
 * /mentions, titled Alerts: every mention, filtered on the server, endlessly paged. See
 * docs/product.md §3 (Screens).
 */
export default function MentionsRoute() {
  const { filters, setFilter, clear, filtered } = useUrlFilters();
  const alerts = useAlerts();
  const sites = useSitesText();
  const assignees = useAssignees();
  const keywords = useMemo(
    () => (alerts.data ?? []).map((a) => ({ value: String(a.id), label: a.keyword })),
    [alerts.data],
  );
  return (
    <>
      <PageHeader
        title="Alerts"
        description={`Posts and comments on ${sites} that match your keywords.`}
        actions={
          <Button
            component="a"
            href={exportUrl(filters)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        }
      />
      <MentionFilters filters={filters} keywords={keywords} onChange={setFilter} onClear={clear} />
      <HiddenCount
        alertId={filters.alertId}
        showing={filters.hidden === 'only'}
        onShow={() => setFilter('hidden', 'only')}
        onShowOthers={() => setFilter('hidden', null)}
      />
      <MentionList
        filters={filters}
        filtered={filtered}
        onClearFilters={clear}
        feedback={FeedbackButtons}
        assignees={assignees}
      />
    </>
  );
}
