import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import type { MentionFilters as Filters } from '@shared/api/mentions';
import { readSourceName, SOURCE_LABELS, type SourceName } from '@shared/sources';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useEnabledSources } from '../../../lib/get-site-info';
import { useWorkspaceAccess } from '../../../lib/workspace-access';

type Props = {
  filters: Filters;
  /** The user's keywords, for the keyword filter. */
  keywords: { value: string; label: string }[];
  onChange: (key: keyof Filters, value: string | null) => void;
  onClear: () => void;
};

const STATUS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Replied' },
  { value: 'false', label: 'Not Replied' },
];

const ASSIGNEE = [
  { value: '', label: 'All' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
];

const ALL_SITES = 'all';

/** "All sites" and each site this server reads (and the one the URL asks for, if another). */
function siteOptions(enabled: readonly SourceName[], current: SourceName | undefined) {
  const shown = current && !enabled.includes(current) ? [...enabled, current] : enabled;
  return [
    { value: ALL_SITES, label: 'All sites' },
    ...shown.map((source) => ({ value: source, label: SOURCE_LABELS[source] })),
  ];
}

/**
 * Subreddit, site, status, assignee, date and keyword filters; applied by the server, kept in
 * the URL.
 */
export function MentionFilters({ filters, keywords, onChange, onClear }: Props) {
  // Typing stays instant; the URL (and the request) follow once the user pauses.
  const [subreddit, setSubreddit] = useState(filters.subreddit ?? '');
  const commitSubreddit = useDebouncedCallback(
    (value: string) => onChange('subreddit', value.trim() || null),
    300,
  );
  // Clear Filters, or back/forward through the URL, moves the value from outside.
  const external = filters.subreddit ?? '';
  const [synced, setSynced] = useState(external);
  if (synced !== external) {
    setSynced(external);
    if (external !== subreddit.trim()) setSubreddit(external);
  }
  const active = Object.keys(filters).length > 0;
  const enabledSources = useEnabledSources();
  const source = filters.source ? readSourceName(filters.source) : undefined;
  // Alone in a workspace, nobody assigns; a shared link with the filter still shows it.
  const shared = useWorkspaceAccess()?.shared ?? false;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        aria-label="Filter by subreddit"
        placeholder="Filter by subreddit..."
        leftSection={<IconSearch size={16} aria-hidden />}
        value={subreddit}
        maxLength={100}
        onChange={(event) => {
          setSubreddit(event.currentTarget.value);
          commitSubreddit(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 220 }}
      />
      {/* One site needs no choosing. */}
      {enabledSources && (enabledSources.length > 1 || source) && (
        <Select
          aria-label="Site"
          data={siteOptions(enabledSources, source)}
          value={source ?? ALL_SITES}
          onChange={(value) => onChange('source', value === ALL_SITES ? null : value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 160 }}
        />
      )}
      <SegmentedControl
        aria-label="Reply status"
        data={STATUS}
        value={filters.replied ?? ''}
        onChange={(value) => onChange('replied', value || null)}
      />
      {(shared || filters.assignee) && (
        <SegmentedControl
          aria-label="Assignee"
          data={ASSIGNEE}
          value={filters.assignee ?? ''}
          onChange={(value) => onChange('assignee', value || null)}
        />
      )}
      <DatePickerInput
        aria-label="Filter by date"
        placeholder="Filter by date"
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat="MMM D, YYYY"
        value={filters.since ?? null}
        onChange={(value) => onChange('since', value)}
        maxDate={new Date()}
        clearable
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 180 }}
      />
      <Select
        aria-label="Keyword"
        placeholder="All keywords"
        data={keywords}
        value={filters.alertId ?? null}
        onChange={(value) => onChange('alertId', value)}
        clearable
        searchable
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 200 }}
      />
      {active && (
        <Button variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
          Clear Filters
        </Button>
      )}
    </Group>
  );
}
