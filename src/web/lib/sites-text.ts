import { SOURCE_LABELS, SOURCE_NAMES, type SourceName } from '@shared/sources';
import { useEnabledSources } from './get-site-info';

/** "Reddit, Hacker News, Lobsters and Bluesky": the sites named in running text. */
export function sitesText(sources: readonly SourceName[]): string {
  const labels = sources.map((source) => SOURCE_LABELS[source]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * The sites this server reads, in running text; all four until it has said (the default), so
 * a page never names fewer than a fresh start reads.
 */
export const useSitesText = () => sitesText(useEnabledSources() ?? SOURCE_NAMES);
