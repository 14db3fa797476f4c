import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * How urgent a notice is, most first: `result` (the answer to what the user just did, until
 * dismissed), `blocking` (something stopped: the monthly limit, paused keywords, a channel
 * Earshot paused), `action` (asks for something: verify the email), `advice` (worth knowing).
 */
export const NOTICE_URGENCY = ['result', 'blocking', 'action', 'advice'] as const;
export type NoticeUrgency = (typeof NOTICE_URGENCY)[number];

/** One notice of a page's notice area: a feature's hook returns it, or null when it has none. */
export type PageNotice = {
  /** Stable and unique on the page (React key). */
  id: string;
  urgency: NoticeUrgency;
  element: ReactNode;
};

/** The notices given, most urgent first (stable within one urgency). */
export function byUrgency(notices: (PageNotice | null | undefined)[]): PageNotice[] {
  const rank = (notice: PageNotice) => NOTICE_URGENCY.indexOf(notice.urgency);
  return notices.filter((n): n is PageNotice => !!n).sort((a, b) => rank(a) - rank(b));
}

export const moreLabel = (count: number) => `${count} more ${count === 1 ? 'notice' : 'notices'}`;

/**
 * One place for a page's notices, so that they do not push its content below the fold: the most
 * urgent is shown, the rest fold behind "2 more notices". Renders nothing without notices.
 */
export function NoticeArea({ notices }: { notices: (PageNotice | null | undefined)[] }) {
  const [expanded, { toggle }] = useDisclosure(false);
  const sorted = byUrgency(notices);
  if (sorted.length === 0) return null;
  const [first, ...rest] = sorted;
  return (
    <Stack gap="xs" component="section" aria-label="Notices">
      {first.element}
      {rest.length > 0 && (
        <>
          <Collapse expanded={expanded}>
            <Stack gap="xs">
              {rest.map((notice) => (
                <div key={notice.id}>{notice.element}</div>
              ))}
            </Stack>
          </Collapse>
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={expanded}
            rightSection={
              expanded ? (
                <IconChevronUp size={14} aria-hidden />
              ) : (
                <IconChevronDown size={14} aria-hidden />
              )
            }
            onClick={toggle}
          >
            {expanded ? 'Show fewer notices' : moreLabel(rest.length)}
          </Button>
        </>
      )}
    </Stack>
  );
}
