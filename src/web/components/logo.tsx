import { Group, Text } from '@mantine/core';

/** The Earshot mark: an ear outline on the primary colour, with a signal dot. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-7)" />
      <path
        d="M11 21.5c0-3.5 0-4.5 0-7a5 5 0 0 1 10 0c0 2.5-2.5 3-2.5 5.5s-1.5 4-3.5 4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="23.5" cy="8.5" r="2.5" fill="#ff6b2c" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={800} fz={size * 0.6} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        Earshot
      </Text>
    </Group>
  );
}
