import type { SourceStatus } from '@shared/api/ingestion';
import { SOURCE_LABELS } from '@shared/sources';
import { ago, intervalLabel } from '../../lib/monitoring-format';

/** One site beyond Reddit on the status line: its words, and whether they are bad news. */
export type SiteHealth = { source: SourceStatus['source']; text: string; failing: boolean };

/** How a site's reader stands, in words: "read 12 s ago", "reconnecting — closed (1006)". */
export function siteStateText(site: SourceStatus, now: number): string {
  switch (site.state) {
    case 'ok':
      return site.lastReadAt ? `read ${ago(site.lastReadAt, now)}` : 'reading';
    case 'starting':
      return site.source === 'bluesky' ? 'connecting' : 'starting';
    case 'failing': {
      // Bluesky is one stream that drops and is opened again; the others are polled again.
      const doing = site.source === 'bluesky' ? 'reconnecting' : 'retrying';
      return site.lastError ? `${doing} — ${site.lastError}` : doing;
    }
    case 'off':
      return 'off';
  }
}

/** "Hacker News: read 12 s ago" for each site but Reddit (the rest of the line is Reddit's). */
export function siteHealth(sources: readonly SourceStatus[], now: number): SiteHealth[] {
  return sources
    .filter((site) => site.source !== 'reddit')
    .map((site) => ({
      source: site.source,
      text: `${SOURCE_LABELS[site.source]}: ${siteStateText(site, now)}`,
      failing: site.state === 'failing',
    }));
}

/** How far the newest item read is behind the site's newest: "4 s behind", or "—" before a read. */
export const lagLabel = (lag: number | null) =>
  lag === null ? '—' : lag < 1 ? 'up to date' : `${intervalLabel(lag)} behind`;
