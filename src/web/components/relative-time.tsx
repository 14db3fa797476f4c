import { Text, type TextProps } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';

dayjs.extend(relativeTime);

/** The date as people read it, for the hover title. */
export function formatExactDate(iso: string): string {
  return dayjs(iso).format('MMM D, YYYY h:mm A');
}

/** "Jan 5, 2026". */
export function formatDay(iso: string): string {
  return dayjs(iso).format('MMM D, YYYY');
}

/** "5 minutes ago", kept current once a minute, with the exact date as its title. */
export function RelativeTime({ date, ...props }: TextProps & { date: string }) {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 60_000, { autoInvoke: true });
  // A server clock a little ahead of this one must not read "in a few seconds".
  const then = Math.min(Date.parse(date), now);
  return (
    <Text component="time" dateTime={date} title={formatExactDate(date)} {...props}>
      {dayjs(then).from(now)}
    </Text>
  );
}
