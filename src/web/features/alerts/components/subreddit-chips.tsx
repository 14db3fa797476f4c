import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { useEnabledSources } from '../../../lib/get-site-info';
import { sitesText } from '../../../lib/sites-text';
import { subredditNames } from '../filter-alerts';

type Props = { alert: Pick<Alert, 'subreddits' | 'sources'>; max?: number };

/**
 * Where a keyword listens: its subreddits, and beneath them its sites when it does not listen to
 * every site this server reads ("Hacker News and Bluesky" alone: no subreddit then).
 */
export function SubredditChips({ alert, max = 3 }: Props) {
  const enabled = useEnabledSources();
  const sources = enabled ? alert.sources.filter((source) => enabled.includes(source)) : [];
  const narrowed = enabled !== undefined && sources.length < enabled.length;
  const sites = narrowed && (
    <Text size="xs" c="dimmed">
      {sources.length > 0 ? `On ${sitesText(sources)} only` : 'On no site this server reads'}
    </Text>
  );
  if (!alert.sources.includes('reddit')) return sites || null;
  return (
    <Stack gap={4}>
      <Subreddits alert={alert} max={max} />
      {sites}
    </Stack>
  );
}

function Subreddits({ alert, max = 3 }: Props) {
  const names = subredditNames(alert);
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        All subreddits
      </Text>
    );
  }
  const shown = names.slice(0, max);
  const hidden = names.slice(max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((name) => (
        <Badge key={name} variant="light" color="gray" tt="none" radius="sm">
          r/{name}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.map((name) => `r/${name}`).join(', ')} multiline maw={260}>
          <Badge variant="outline" color="gray" tt="none" radius="sm">
            +{hidden.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
