import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { Mention } from '@shared/api/mentions';
import type { MentionPerson } from '@shared/api/workspaces';
import { IconArrowBigUp, IconExternalLink, IconMessage } from '@tabler/icons-react';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { toastError } from '../../../lib/toast';
import { useChosenValue } from '../../../lib/use-chosen-value';
import { useCan } from '../../../lib/workspace-access';
import { useMarkRead } from '../api/mark-read';
import { useUpdateReplied } from '../api/update-replied';
import { excerptSegments, highlight, keywordQuery, plainText } from '../excerpt';
import { HighlightedText } from '../../../components/highlighted-text';
import { MentionTeamLine } from './mention-team-line';
import { ReplyLine } from './reply-line';
import { WhyMatched } from './why-matched';
import {
  authorName,
  hasScore,
  mentionHref,
  mentionLabel,
  mentionPlace,
  openOnLabel,
} from '../mention-site';
import { SOURCE_LABELS } from '@shared/sources';

/**
 * The relevance thumbs drawn beside "Open on Reddit" (or on the item's own site), the relevance
 * feature's, passed in by the screen that composes the two features.
 */
export type MentionFeedback = ComponentType<{ mention: Mention }>;

type Props = {
  mention: Mention;
  feedback: MentionFeedback;
  /** A bordered card (dashboard) or a plain row between dividers (the Alerts list). */
  framed?: boolean;
  /** The current workspace's members, for the Assign menu (none: no menu). */
  assignees?: MentionPerson[];
};

const noAssignees: MentionPerson[] = [];

// A site's text can hold any direction of script: each piece is isolated and flows by its own
// first strong character, and long unbroken strings wrap instead of widening the page.
const untrusted = { unicodeBidi: 'isolate', overflowWrap: 'anywhere' } as const;

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="xs" c="dimmed">
        {value.toLocaleString()}
        <VisuallyHidden> {label}</VisuallyHidden>
      </Text>
    </Group>
  );
}

function RepliedSwitch({ mention }: { mention: Mention }) {
  const update = useUpdateReplied({
    onError: (error) => toastError('Failed to update reply status', error),
  });
  // While the update is in flight the switch shows where it is going, and cannot be flipped.
  const chosen = useChosenValue(mention.hasReplied, update);
  return (
    <Switch
      label="Replied"
      size="sm"
      checked={chosen.shown}
      disabled={update.isPending}
      onChange={(event) => {
        const hasReplied = event.currentTarget.checked;
        chosen.choose(hasReplied);
        update.mutate({ id: mention.id, hasReplied });
      }}
    />
  );
}

/**
 * One matching post or comment: where, when, what, the reply toggle, and who on the team replied
 * or has it. See docs/product.md §3 (Screens).
 */
export function MentionCard({
  mention,
  feedback: Feedback,
  framed = true,
  assignees = noAssignees,
}: Props) {
  const markRead = useMarkRead();
  // A viewer reads only: marking read, replied or assigned would each be refused (403).
  const canWork = useCan('member');
  const query = useMemo(() => keywordQuery(mention.keyword), [mention.keyword]);
  const title = useMemo(() => highlight(query, plainText(mention.title)), [query, mention.title]);
  const excerpt = useMemo(() => excerptSegments(query, mention.body), [query, mention.body]);
  const opened = () => {
    if (!mention.isRead && canWork) markRead.mutate(mention.id);
  };
  const link = {
    href: mentionHref(mention),
    target: '_blank',
    rel: 'noopener noreferrer',
    onClick: opened,
    onAuxClick: opened,
  };
  const kind = mention.isComment ? 'Comment' : 'Post';
  const place = mentionPlace(mention);
  const label = mentionLabel(mention);

  const content = (
    <Stack gap={6}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={untrusted}>
            {place}
          </Text>
          <RelativeTime date={mention.redditCreatedAt} size="xs" c="dimmed" />
          <Badge size="xs" variant="light" color={mention.isComment ? 'grape' : 'blue'}>
            {kind}
          </Badge>
          {mention.removedAt && (
            <Badge size="xs" variant="light" color="red" tt="none">
              removed on {SOURCE_LABELS[mention.source]}
            </Badge>
          )}
          {mention.isBackfilled && (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              tt="none"
              title="Found by the search of the past week when the alert was saved"
            >
              from the past week
            </Badge>
          )}
          {mention.hidden && (
            <Badge size="xs" variant="light" color="orange" tt="none">
              hidden as likely not relevant
            </Badge>
          )}
        </Group>
        {canWork && <RepliedSwitch mention={mention} />}
      </Group>
      <Anchor
        {...link}
        fw={mention.isRead ? 500 : 600}
        c={mention.isRead ? 'dimmed' : 'var(--mantine-color-text)'}
        style={untrusted}
        dir="auto"
      >
        {mention.isComment && (
          <Text span size="xs" c="dimmed" fw={500}>
            Comment on{' '}
          </Text>
        )}
        {title.length > 0 ? <HighlightedText segments={title} /> : label}
      </Anchor>
      {excerpt.length > 0 && (
        <Text size="sm" c="dimmed" style={untrusted} dir="auto">
          <HighlightedText segments={excerpt} />
        </Text>
      )}
      <MentionTeamLine mention={mention} assignees={assignees} />
      {mention.reply && <ReplyLine mention={mention} reply={mention.reply} />}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="md" wrap="wrap">
          {hasScore(mention) && (
            <Stat
              icon={<IconArrowBigUp size={14} aria-hidden />}
              label="points"
              value={mention.score}
            />
          )}
          <Stat
            icon={<IconMessage size={14} aria-hidden />}
            label="comments"
            value={mention.commentCount}
          />
          <Text size="xs" c="dimmed" style={untrusted}>
            {authorName(mention)}
          </Text>
          {/* One item matched by several keywords is listed once, with each of them. */}
          {(mention.keywords.length > 0 ? mention.keywords : [mention.keyword]).map((keyword) => (
            <Badge
              key={keyword}
              size="xs"
              variant="outline"
              color="gray"
              tt="none"
              maw={220}
              title={keyword}
            >
              {keyword}
            </Badge>
          ))}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Feedback mention={mention} />
          <Anchor {...link} size="xs" fw={600}>
            <Group gap={4} wrap="nowrap" component="span">
              {openOnLabel(mention.source)}
              <IconExternalLink size={12} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Group>
      <WhyMatched mention={mention} />
    </Stack>
  );

  const shared = {
    component: 'article' as const,
    'aria-label': label,
    'data-read': mention.isRead || undefined,
    // A mention that has been opened is dimmed (docs/product.md §3) by colour, not by opacity,
    // which took its grey text under 3:1: the card takes the page's grey and its title the
    // dimmed grey, a pair the theme keeps at 4.5:1 (theme.ts).
    bg: mention.isRead ? 'var(--mantine-color-gray-0)' : undefined,
  };
  return framed ? (
    <Card withBorder padding="md" {...shared}>
      {content}
    </Card>
  ) : (
    <Box py="md" {...shared}>
      {content}
    </Box>
  );
}
