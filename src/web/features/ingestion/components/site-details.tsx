import type { SourceStatus } from '@shared/api/ingestion';
import { SOURCE_LABELS } from '@shared/sources';
import { ResponsiveTable } from '../../../components/responsive-table';
import { lagLabel, siteStateText } from '../site-health';

/** The details of each site beyond Reddit: how it is read, how far behind, what it caught. */
export function SiteDetails({ sites, now }: { sites: SourceStatus[]; now: number }) {
  return (
    <ResponsiveTable
      label="Sites read beside Reddit"
      size="xs"
      minWidth={640}
      rows={sites}
      rowKey={(site) => site.source}
      columns={[
        { label: 'Site', nowrap: true, cell: (site) => SOURCE_LABELS[site.source] },
        { label: 'State', cell: (site) => siteStateText(site, now) },
        { label: 'Behind the site', nowrap: true, cell: (site) => lagLabel(site.lag) },
        {
          label: 'Caught (24 h)',
          nowrap: true,
          cell: (site) => site.caught24h.toLocaleString(),
        },
        {
          label: 'Unreadable (24 h)',
          nowrap: true,
          cell: (site) => site.skipped24h.toLocaleString(),
        },
      ]}
    />
  );
}
