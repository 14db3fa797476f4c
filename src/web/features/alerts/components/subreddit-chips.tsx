import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { subredditNames } from '../filter-alerts';

/** r/x chips, the first few shown and the rest behind "+N"; none means every subreddit. */
export function SubredditChips({
  alert,
  max = 3,
}: {
  alert: Pick<Alert, 'subreddits'>;
  max?: number;
}) {
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
