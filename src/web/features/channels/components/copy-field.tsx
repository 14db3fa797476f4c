import { ActionIcon, CopyButton, Textarea, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A read-only value (a feed URL) with a Copy button beside it, wrapped over lines rather than
 * cut off on a phone.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Textarea
      label={label}
      value={value}
      readOnly
      autosize
      minRows={1}
      spellCheck={false}
      onFocus={(event) => event.currentTarget.select()}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
          wordBreak: 'break-all',
          resize: 'none',
        },
      }}
      rightSectionWidth={40}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? `${label} copied` : `Copy ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
